// The statuses come from the model's error table, where a code cannot be declared without one.
export { STATUS_OF_ERROR } from '../../model';
