// Redocly's recommended ruleset over the published contract: what the OpenAPI test holds at 0 errors and
// scripts/lint-openapi.ts prints by rule.
import { createConfig, lintFromString } from '@redocly/openapi-core';

export interface LintProblem {
  rule: string;
  severity: string;
  message: string;
  where: string;
}

/** Every problem Redocly's `recommended` ruleset finds in this OpenAPI document. */
export async function lintOpenApi(document: unknown): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems.map((problem) => ({
    rule: problem.ruleId,
    severity: problem.severity,
    message: problem.message,
    where: problem.location[0]?.pointer ?? '',
  }));
}

/** How many problems of each severity and rule ("error security-defined": 107). */
export function countByRule(problems: LintProblem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { severity, rule } of problems)
    counts[`${severity} ${rule}`] = (counts[`${severity} ${rule}`] ?? 0) + 1;
  return counts;
}
