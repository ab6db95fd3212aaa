/**
 * Child process of the sample generator: renders the image pool into an export folder.
 * usage: node scripts/sample/image-worker.ts <export-temp-dir> <seed>
 */
import { renderImagePool } from './images.ts';
import { BRANDS } from './words.ts';

const [dir, seedText] = process.argv.slice(2);
if (!dir || seedText === undefined || !/^-?\d+$/.test(seedText)) {
  console.error('usage: image-worker.ts <dir> <seed>');
  process.exit(2);
}
try {
  await renderImagePool(dir, Number(seedText), BRANDS);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
