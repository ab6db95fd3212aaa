/**
 * An example export module, as a shop writes one for its own Thelia modules (see
 * docs/export-format.md, "Adding your modules' data"). It reads the test catalog's
 * `delivery_delay` and `fulfilment_center` tables and Thelia's meta_data.
 */
import type { ExportModule } from '../../scripts/export/modules.ts';

const module: ExportModule = {
  name: 'delivery',
  async fulfilmentCenters(ctx) {
    if (!(await ctx.tableExists('fulfilment_center'))) return [];
    const rows = await ctx.query<{ id: number; name: string; country_id: number; delay_days: number }>(
      'SELECT id, name, country_id, delay_days FROM fulfilment_center ORDER BY id',
    );
    return rows.map((r) => ({ id: r.id, name: r.name, countryId: r.country_id, delayDays: r.delay_days }));
  },
  async products(ctx, page) {
    const pseIds = page.flatMap((p) => p.variants.map((v) => v.id));
    if (!pseIds.length) return;
    const delays = await ctx.query<{ pse_id: number; min_days: number; max_days: number }>('SELECT pse_id, min_days, max_days FROM delivery_delay WHERE pse_id IN (?)', [pseIds]);
    const byPse = new Map(delays.map((d) => [d.pse_id, d]));
    const steps = await ctx.query<{ element_id: number; value: string }>(
      "SELECT element_id, value FROM meta_data WHERE meta_key = 'quantity_step' AND element_key = 'product' AND element_id IN (?)",
      [page.map((p) => p.id)],
    );
    const stepByProduct = new Map(steps.map((s) => [s.element_id, Number(s.value)]));
    for (const product of page) {
      const step = stepByProduct.get(product.id);
      if (step) product.module = { ...product.module, quantityStep: step };
      for (const variant of product.variants) {
        const delay = byPse.get(variant.id);
        if (delay) variant.deliveryDelay = { minDays: delay.min_days, maxDays: delay.max_days };
      }
    }
  },
};

export default module;
