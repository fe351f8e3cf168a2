import { classifyRead, type AnswerHeaders, type Verdict } from './classify';
import { PACKAGE_LIST_PATHS, PackageListEnvelope, PackageListPage } from './packages';

/** GET {oms}/orders/GetOrderPackages?{packageListSearch(query)}: one page of order packages. */
export const GET_ORDER_PACKAGES_PATH = PACKAGE_LIST_PATHS.order;
export const GetOrderPackagesResponse = PackageListEnvelope;

/** Accepted with the envelope (its records left for the caller to check one by one, PackageRecord); isSuccess:false refused; an answer that is not the envelope later. */
export const classify = (status: number, headers: AnswerHeaders, text: string, now = Date.now()): Verdict<PackageListPage> =>
  classifyRead(status, headers, text, (j) => PackageListPage.safeParse(j), now);
