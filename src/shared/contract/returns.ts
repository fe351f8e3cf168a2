import { z } from 'zod';
import { Empty } from '../domain/common';
import { Inspection, ReturnDetail, ReturnsExport, ReturnsInputs, ReturnsList, ReturnSummary } from '../domain/returns';
import { method } from './define';

export const returnsMethods = {
  'returns.list': method(ReturnsInputs.list, ReturnsList),
  /** A scanned cargo tracking number / barcode / key, order number or package id → the returns it names. */
  'returns.scan': method(ReturnsInputs.scan, z.array(ReturnSummary)),
  'returns.get': method(ReturnsInputs.id, ReturnDetail),
  'returns.carriers': method(Empty, z.array(z.string())),
  'returns.save': method(ReturnsInputs.save, Inspection),
  /** An item barcode or SKU scanned while inspecting: +1 on its line, or a wrong item. */
  'returns.scanItem': method(ReturnsInputs.scanItem, Inspection),
  'returns.done': method(ReturnsInputs.id, Inspection),
  'returns.reopen': method(ReturnsInputs.id, Inspection),
  /** The worker has seen that the return changed in the service meanwhile. */
  'returns.ackChange': method(ReturnsInputs.id, ReturnDetail),
  'returns.export': method(ReturnsInputs.export, ReturnsExport),
} as const;

export const returnsEvents = {} as const;
