/**
 * The stock module's public entry: other modules change stock only through these, inside their
 * own transaction (decision 014).
 */
export {
  adjust,
  combinationsOf,
  createVariants,
  putBack,
  setForImport,
  shareOut,
  stockLeft,
  syncVariants,
  takeForSale,
  type NewProductVariants,
  type ReturnLine,
  type SaleLine,
  type VariantCombination,
} from './stock-changes';
export {
  lockSaleVariants,
  lowStockProducts,
  lowStockVariants,
  saleStockParts,
  type LowStockProduct,
  variantsOfProduct,
  type LowStockVariant,
  type StockActor,
} from './stock.queries';
