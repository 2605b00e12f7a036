import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Two workers share the files; the run ends when the last file does. On a fresh clone vitest has
 * no durations of earlier runs and starts the largest files first, but a browser test is slow for
 * its size (every page a real browser loads), so the walk over every route, short in lines and
 * the slowest file of all, would start last and run alone at the end. Longest first instead: the
 * browser journeys, the slowest first, then the rest largest first. With durations of an earlier
 * run on this machine, vitest's own order (failed first, then longest) is kept.
 */
const slowestFirst = ['tests/e2e/route-gallery.test.ts', 'src/server/hostile-input.test.ts', 'tests/e2e/accessibility.test.ts', 'tests/e2e/staff-decisions.test.ts', 'tests/e2e/two-factor.test.ts'];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = files.every((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${this.relativeOf(file)}`));
    if (known) return super.sort(files);
    const rank = (file: TestSpecification) => {
      const relative = this.relativeOf(file);
      const listed = slowestFirst.indexOf(relative);
      if (listed >= 0) return listed;
      return relative.startsWith('tests/e2e/') ? slowestFirst.length : slowestFirst.length + 1;
    };
    const size = (file: TestSpecification) => fs.statSync(file.moduleId).size;
    return [...files].sort((a, b) => rank(a) - rank(b) || size(b) - size(a));
  }

  private relativeOf(file: TestSpecification): string {
    return file.moduleId.slice(this.ctx.config.root.length + 1);
  }
}
