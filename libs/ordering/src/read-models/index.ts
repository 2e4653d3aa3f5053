export { orderListProjector, ORDER_LIST_PROJECTOR } from './order-list/order-list.projector';
export { listOrders, type ListOrdersQuery, type MerchantScope } from './order-list/order-list.queries';
