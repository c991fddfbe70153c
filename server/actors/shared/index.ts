export { describeValue } from './describe-value';
export { parseNumeric, isNumeric, toNumber, toNumberArray } from './coerce-number';
export { type RoundingMethod, RoundingMethodSchema, roundTo, cleanFloat } from './round-to-precision';
export { jsonNumber } from './json-number';
export { numberSetting, textSetting, optionalText, requiredText, booleanSetting, choiceSetting, listSetting, jsonObjectSetting } from './config-fields';
export { type FieldLookup, type FieldPath, readFieldPath, parseFieldPath, getField, setField, formatFieldPath } from './field-path';
export { type RestrictedMath, MAX_EXPRESSION_LENGTH, restrictedMath, evaluateExpression, compileExpression } from './restricted-math';
export { mathResultToJson } from './math-result-to-json';
export { toMathSyntax } from './js-condition-syntax';
export { type ConditionTest, compileCondition } from './compile-condition';
export {
  type Rule,
  type RuleGroup,
  type RuleSet,
  type RuleOperator,
  type RuleValueType,
  RuleSchema,
  RuleGroupSchema,
  RuleSetSchema,
  RuleOperatorSchema,
  RuleValueTypeSchema,
} from './rule-set';
export { type Coerced, asText, asDate, asBoolean, coerceAs, inferValueType } from './coerce-by-type';
export { evaluateRule, isEmptyValue } from './evaluate-rule';
export { betweenBounds } from './between-bounds';
export { evaluateRuleSets, ruleSetHolds } from './evaluate-rule-sets';
export { driverValueToJson, driverRowToJson } from './driver-value';
export { readConfinedFile } from './confined-file';
export { jsonOrText } from './json-or-text';
export { type NamedSecretLookup, missingCredential, requireCredential, credentialOf } from './vendor-credential';
export { type VendorHttpRequest, clipVendorText, vendorFailure, vendorHttpCall } from './vendor-http';
