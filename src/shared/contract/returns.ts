import { z } from 'zod';
import { Empty } from '../domain/common';
import { Inspection, ReturnDetail, ReturnsExport, ReturnsInputs, ReturnsList, ReturnSummary } from '../domain/returns';
import { method } from './define';
import { lazy } from '../lazy';

export const returnsMethods = {
  'returns.list': method(
    lazy(() => ReturnsInputs.list),
    ReturnsList,
  ),
  /** A scanned cargo tracking number / barcode / key, order number or package id → the returns it names. */
  'returns.scan': method(
    lazy(() => ReturnsInputs.scan),
    lazy(() => z.array(ReturnSummary)),
  ),
  'returns.get': method(
    lazy(() => ReturnsInputs.id),
    ReturnDetail,
  ),
  'returns.carriers': method(
    Empty,
    lazy(() => z.array(z.string())),
  ),
  'returns.save': method(
    lazy(() => ReturnsInputs.save),
    Inspection,
  ),
  /** An item barcode or SKU scanned while inspecting: +1 on its line, or a wrong item. */
  'returns.scanItem': method(
    lazy(() => ReturnsInputs.scanItem),
    Inspection,
  ),
  'returns.done': method(
    lazy(() => ReturnsInputs.id),
    Inspection,
  ),
  'returns.reopen': method(
    lazy(() => ReturnsInputs.id),
    Inspection,
  ),
  /** The worker has seen that the return changed in the service meanwhile. */
  'returns.ackChange': method(
    lazy(() => ReturnsInputs.id),
    ReturnDetail,
  ),
  'returns.export': method(
    lazy(() => ReturnsInputs.export),
    ReturnsExport,
  ),
} as const;

export const returnsEvents = {} as const;
