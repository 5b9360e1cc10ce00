export const PRODUCT_NAME = 'Nocturne';
