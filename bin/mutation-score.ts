/**
 * `npm run mutation`, after Stryker: the mutation score of each folder the issue sets a target for, from
 * Stryker's JSON report (mutation-testing-report-schema). Score = (killed + timed out) / every mutant that
 * is not ignored or invalid — survivors and mutants no test reaches both count against it.
 */
import { readFileSync } from 'node:fs';

const targets = [
  { folder: 'shared/rules/', target: 80 },
  { folder: 'shared/api/schemas/', target: 80 },
  { folder: 'lambdas/domain/', target: 70 },
];

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}
// The rules' and schemas' run, then the domain's (stryker.domain.config.mjs).
const report: Report = { files: {} };
for (const file of ['reports/mutation/mutation.json', 'reports/mutation/domain.json']) {
  Object.assign(report.files, (JSON.parse(readFileSync(file, 'utf8')) as Report).files);
}

let allMet = true;
for (const { folder, target } of targets) {
  const statuses = Object.entries(report.files)
    .filter(([file]) => file.replaceAll('\\', '/').includes(folder))
    .flatMap(([, file]) => file.mutants.map((m) => m.status));
  const count = (...which: string[]) => statuses.filter((s) => which.includes(s)).length;
  const detected = count('Killed', 'Timeout');
  const valid = detected + count('Survived', 'NoCoverage');
  if (valid === 0) {
    allMet = false;
    console.log(`${folder.padEnd(22)}     –    (target ${target} %) ✗  no mutants of this folder in the report`);
    continue;
  }
  const score = (100 * detected) / valid;
  const met = score >= target;
  allMet &&= met;
  console.log(
    `${folder.padEnd(22)} ${score.toFixed(1).padStart(5)} %  (target ${target} %) ${met ? '✓' : '✗'}  killed ${detected}, survived ${count('Survived')}, no coverage ${count('NoCoverage')}${count('Ignored') ? `, static left out ${count('Ignored')}` : ''}`,
  );
}
process.exitCode = allMet ? 0 : 1;
