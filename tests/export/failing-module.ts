/** A module that fails halfway through the products: the export must leave nothing behind. */
import type { ExportModule } from '../../scripts/export/modules.ts';

const module: ExportModule = {
  name: 'broken',
  products() {
    throw new Error('the module table is locked');
  },
};

export default module;
