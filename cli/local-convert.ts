import { createActorCatalogue } from '../server/actors';
import { convertOrThrow } from '../server/ide';
import { serviceRefusal } from './service-refusal';

/**
 * Converts an IDE workflow in this process, as `POST /ide/convert` does, against the catalogue of the actors the
 * service ships: conversion asks the catalogue only which templates have an actor and what ports they declare,
 * which no configuration changes. Components a service adds at run time (graphs built over the FBP protocol)
 * are known to that service only.
 * @throws CliError with the service's message and details for a workflow that cannot be read
 */
export function convertLocally(workflow: unknown): ReturnType<typeof convertOrThrow> {
  try {
    return convertOrThrow(workflow, createActorCatalogue());
  } catch (error) {
    throw serviceRefusal(error);
  }
}
