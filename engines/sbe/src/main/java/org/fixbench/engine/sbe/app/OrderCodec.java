package org.fixbench.engine.sbe.app;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.fixbench.engine.sbe.model.ExecutionReportDecoder;
import org.fixbench.engine.sbe.model.ExecutionReportEncoder;
import org.fixbench.engine.sbe.model.DecimalDecoder;
import org.fixbench.engine.sbe.model.DecimalEncoder;
import org.fixbench.engine.sbe.model.HandlInst;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdType;
import org.fixbench.engine.sbe.model.Side;
import org.fixbench.engine.sbe.model.TimeInForce;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.Framing;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.Words;

/**
 * The orders of the workload, FIX 4.4 tag=value ⇄ the SBE message model, allocating nothing per message.
 *
 * <p>{@link #decodeNewOrderSingle} parses an indexed NewOrderSingle into a {@link NewOrderSingleEncoder} (the
 * model); the body methods write tag=value from the model's decoders. A failed decode returns a negative number and
 * says why in the session's words: {@link #failure()} (a {@link RejectReason}), {@link #errorTag()} and
 * {@link #failureText()}; malformed input never throws. Header fields other than MsgType are left to the session
 * layer; tags the model does not carry are skipped here (dictionary validation is a separate step).
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class OrderCodec {
    private static final int REQUIRED_TAG_MISSING = -5;
    private static final int TAG_WITHOUT_VALUE = -6;
    private static final int INCORRECT_DATA_FORMAT = -7;
    private static final int VALUE_INCORRECT = -8;
    private static final int TAG_APPEARS_MORE_THAN_ONCE = -9;
    private static final int WRONG_MSG_TYPE = -10;
    private static final int VALUE_TOO_LONG = -11;
    private static final String VALUE_TOO_LONG_TEXT = "Value too long for the model";

    private int errorTag;
    private int result;

    public OrderCodec() {
    }

    /** The tag the last failure concerns (0 when none applies). */
    public int errorTag() {
        return errorTag;
    }

    /** Why the last decode failed, as the session rejects it; null after a success. */
    public RejectReason failure() {
        return switch (result) {
            case REQUIRED_TAG_MISSING -> RejectReason.REQUIRED_TAG_MISSING;
            case TAG_WITHOUT_VALUE -> RejectReason.TAG_WITHOUT_VALUE;
            case INCORRECT_DATA_FORMAT -> RejectReason.INCORRECT_DATA_FORMAT;
            case VALUE_INCORRECT -> RejectReason.VALUE_INCORRECT;
            case TAG_APPEARS_MORE_THAN_ONCE -> RejectReason.TAG_APPEARS_MORE_THAN_ONCE;
            case WRONG_MSG_TYPE -> RejectReason.INVALID_MSGTYPE;
            default -> result < 0 ? RejectReason.OTHER : null;
        };
    }

    /** The Text (58) of the Reject for the last failure: the reason's words with its field, as QuickFIX/J writes them. */
    public String failureText() {
        RejectReason reason = failure();
        return reason == null ? null : result == VALUE_TOO_LONG ? VALUE_TOO_LONG_TEXT : reason.textFor(errorTag);
    }

    /**
     * Parses an indexed NewOrderSingle into {@code order}, which must wrap a buffer. Returns a positive number on
     * success, else a negative code with {@link #errorTag()}.
     */
    public int decodeNewOrderSingle(FixMessage message, NewOrderSingleEncoder order) {
        errorTag = 0;
        if (!message.repeatedOrEmpty() && message.isType('D') && decodeByTag(message, order)) {
            result = 1;
            return 1;
        }
        result = decodeInOrder(message, order);
        return result;
    }

    /**
     * The quick way, for a message whose tags each appear once with a value: each model field taken from its tag's
     * field. False when something is wrong; then {@link #decodeInOrder} walks the fields in order to find what and
     * where, as a reject must name the first fault.
     */
    private static boolean decodeByTag(FixMessage m, NewOrderSingleEncoder order) {
        DirectBuffer b = m.buffer();
        MutableDirectBuffer model = order.buffer();
        int o = order.offset();
        byte[] from = b.byteArray();
        byte[] to = model.byteArray();
        // the index always holds its message on the heap; a model off the heap takes the walk in order
        return from != null && to != null && o + NewOrderSingleEncoder.BLOCK_LENGTH <= model.capacity()
                && decodeByTag(m, from, Framing.arrayBase(b), to, Framing.arrayBase(model) + o);
    }

    /** Where a heap buffer's index 0 is in its array. */
    public static int arrayBase(DirectBuffer buffer) {
        return (int) (buffer.addressOffset() - org.agrona.BufferUtil.ARRAY_BASE_OFFSET);
    }

    /**
     * {@link #decodeByTag(FixMessage, NewOrderSingleEncoder)} between arrays: the message's bytes in {@code from}
     * (its index 0 at {@code fromBase}) and the model's block in {@code to} from {@code at} (room checked by the
     * caller). Enumerations are stored as their character (each range checked is exactly the schema's values),
     * decimals as the schema lays them out (little-endian mantissa, then exponent).
     */
    private static boolean decodeByTag(FixMessage m, byte[] from, int fromBase, byte[] to, int at) {
        int k = m.find(11);
        if (k < 0 || !copyText(from, fromBase + m.start(k), m.length(k), to,
                at + NewOrderSingleEncoder.clOrdIdEncodingOffset(), NewOrderSingleEncoder.clOrdIdLength())) {
            return false;
        }
        if (!charValue(m, 54, '1', '9', from, fromBase, to, at + NewOrderSingleEncoder.sideEncodingOffset(), false)) {
            return false;
        }
        k = m.find(60);
        if (k < 0 || !copyText(from, fromBase + m.start(k), m.length(k), to,
                at + NewOrderSingleEncoder.transactTimeEncodingOffset(), NewOrderSingleEncoder.transactTimeLength())) {
            return false;
        }
        if (!charValue(m, 40, '1', '4', from, fromBase, to, at + NewOrderSingleEncoder.ordTypeEncodingOffset(),
                false)) {
            return false;
        }
        k = m.find(55);
        if (k < 0 || !copyText(from, fromBase + m.start(k), m.length(k), to,
                at + NewOrderSingleEncoder.symbolEncodingOffset(), NewOrderSingleEncoder.symbolLength())) {
            return false;
        }
        k = m.find(1);
        if (k < 0) {
            java.util.Arrays.fill(to, at + NewOrderSingleEncoder.accountEncodingOffset(),
                    at + NewOrderSingleEncoder.accountEncodingOffset() + NewOrderSingleEncoder.accountLength(),
                    (byte) 0);
        } else if (!copyText(from, fromBase + m.start(k), m.length(k), to,
                at + NewOrderSingleEncoder.accountEncodingOffset(), NewOrderSingleEncoder.accountLength())) {
            return false;
        }
        if (!charValue(m, 21, '1', '3', from, fromBase, to, at + NewOrderSingleEncoder.handlInstEncodingOffset(),
                true)) {
            return false;
        }
        if (!charValue(m, 59, '0', '7', from, fromBase, to, at + NewOrderSingleEncoder.timeInForceEncodingOffset(),
                true)) {
            return false;
        }
        return decimal(m, 38, from, fromBase, to, at + NewOrderSingleEncoder.orderQtyEncodingOffset())
                && decimal(m, 44, from, fromBase, to, at + NewOrderSingleEncoder.priceEncodingOffset());
    }

    /**
     * A one-character enumeration between {@code low} and {@code high}; when absent, the schema's null value
     * ({@code optional}: HandlInst) or Day (TimeInForce's default); false when required and absent or not allowed.
     */
    private static boolean charValue(FixMessage m, int tag, char low, char high, byte[] from, int fromBase, byte[] to,
                                     int at, boolean optional) {
        int k = m.find(tag);
        if (k < 0) {
            if (!optional) {
                return false;
            }
            to[at] = tag == 21 ? HandlInst.NULL_VAL.value() : TimeInForce.Day.value();
            return true;
        }
        byte v = from[fromBase + m.start(k)];
        if (m.length(k) != 1 || v < low || v > high) {
            return false;
        }
        to[at] = v;
        return true;
    }


    /** A decimal into the model's mantissa and exponent; absent: the null values; false if not a decimal. */
    private static boolean decimal(FixMessage m, int tag, byte[] from, int fromBase, byte[] to, int at) {
        int k = m.find(tag);
        long mantissa;
        int exponent;
        if (k < 0) {
            mantissa = DecimalEncoder.mantissaNullValue();
            exponent = DecimalEncoder.exponentNullValue();
        } else {
            int start = fromBase + m.start(k);
            int length = m.length(k);
            mantissa = 0;
            exponent = 0;
            int digits = 0;
            boolean point = false;
            boolean negative = from[start] == '-';
            for (int i = negative ? 1 : 0; i < length; i++) {
                int d = from[start + i] - '0';
                if (d >= 0 && d <= 9) {
                    mantissa = mantissa * 10 + d;
                    digits++;
                    exponent -= point ? 1 : 0;
                } else if (d == '.' - '0' && !point) {
                    point = true;
                } else {
                    return false;
                }
            }
            if (digits == 0 || digits > 18 || exponent < -18) {
                return false;
            }
            mantissa = negative ? -mantissa : mantissa;
        }
        Words.put(to, at + DecimalEncoder.mantissaEncodingOffset(), mantissa);
        to[at + DecimalEncoder.exponentEncodingOffset()] = (byte) exponent;
        return true;
    }

    /**
     * Copies a text value into its NUL-padded model field of {@code capacity} bytes, in whole eight-byte words where
     * the capacity is a multiple of 8 and the source has room for them (the last one masked to the value); false when
     * the value is longer than the field.
     */
    private static boolean copyText(byte[] from, int start, int length, byte[] to, int at, int capacity) {
        if (length > capacity) {
            return false;
        }
        if ((capacity & 7) != 0 || start + ((length + 7) & ~7) > from.length) {
            System.arraycopy(from, start, to, at, length);
            java.util.Arrays.fill(to, at + length, at + capacity, (byte) 0);
            return true;
        }
        for (int w = 0; w < capacity; w += 8) {
            long word;
            if (w + 8 <= length) {
                word = Words.get(from, start + w);
            } else if (w < length) {
                word = Words.get(from, start + w) & (-1L >>> ((8 - (length - w)) << 3));
            } else {
                word = 0;
            }
            Words.put(to, at + w, word);
        }
        return true;
    }


    /** Field by field in order: the first fault found is the one reported. */
    public int decodeInOrder(FixMessage message, NewOrderSingleEncoder order) {
        errorTag = 0;
        DirectBuffer buffer = message.buffer();
        int seen = 0;
        boolean isOrder = false;
        for (int f = 2, count = message.count(); f < count; f++) {
            int tag = message.tag(f);
            int valueStart = message.start(f);
            int valueLength = message.length(f);
            if (valueLength == 0) {
                errorTag = tag;
                return TAG_WITHOUT_VALUE;
            }
            int bit = bitOf(tag);
            if (bit != 0) {
                if ((seen & bit) != 0) {
                    errorTag = tag;
                    return TAG_APPEARS_MORE_THAN_ONCE;
                }
                seen |= bit;
            }
            int result = switch (tag) {
                case 35 -> {
                    isOrder = valueLength == 1 && buffer.getByte(valueStart) == 'D';
                    yield isOrder ? 1 : WRONG_MSG_TYPE;
                }
                case 11, 1, 55, 60 -> text(buffer, valueStart, valueLength, order, tag);
                case 21, 40, 54, 59 -> enumValue(buffer, valueStart, valueLength, order, tag);
                case 38 -> decimal(buffer, valueStart, valueLength, order.orderQty());
                case 44 -> decimal(buffer, valueStart, valueLength, order.price());
                default -> 1; // header and fields the model does not carry
            };
            if (result < 0) {
                errorTag = tag;
                return result;
            }
        }
        if (!isOrder) {
            errorTag = 35;
            return (seen & bitOf(35)) == 0 ? REQUIRED_TAG_MISSING : WRONG_MSG_TYPE;
        }
        for (int tag : REQUIRED_IN_ORDER) {
            if ((seen & bitOf(tag)) == 0) {
                errorTag = tag;
                return REQUIRED_TAG_MISSING;
            }
        }
        // a field the order leaves out must not keep the previous order's value
        if ((seen & bitOf(1)) == 0) {
            order.buffer().setMemory(order.offset() + NewOrderSingleEncoder.accountEncodingOffset(),
                    NewOrderSingleEncoder.accountLength(), (byte) 0);
        }
        if ((seen & bitOf(38)) == 0) {
            order.orderQty().mantissa(DecimalEncoder.mantissaNullValue()).exponent(DecimalEncoder.exponentNullValue());
        }
        if ((seen & bitOf(44)) == 0) {
            order.price().mantissa(DecimalEncoder.mantissaNullValue()).exponent(DecimalEncoder.exponentNullValue());
        }
        if ((seen & bitOf(21)) == 0) {
            order.handlInst(HandlInst.NULL_VAL);
        }
        if ((seen & bitOf(59)) == 0) {
            order.timeInForce(TimeInForce.Day);
        }
        return 1;
    }

    /** Required in a FIX 4.4 NewOrderSingle (FIX44.xml): ClOrdID, Side, TransactTime, OrdType and the Symbol. */
    private static final int[] REQUIRED_IN_ORDER = {11, 54, 60, 40, 55};

    private static int bitOf(int tag) {
        return switch (tag) {
            case 35 -> 1;
            case 11 -> 1 << 1;
            case 1 -> 1 << 2;
            case 21 -> 1 << 3;
            case 38 -> 1 << 4;
            case 40 -> 1 << 5;
            case 44 -> 1 << 6;
            case 54 -> 1 << 7;
            case 55 -> 1 << 8;
            case 59 -> 1 << 9;
            case 60 -> 1 << 10;
            default -> 0;
        };
    }

    /** Copies a text value into its NUL-padded model field in the model's buffer. */
    private static int text(DirectBuffer buffer, int start, int length, NewOrderSingleEncoder order, int tag) {
        int capacity;
        int fieldOffset;
        switch (tag) {
            case 11 -> {
                capacity = NewOrderSingleEncoder.clOrdIdLength();
                fieldOffset = NewOrderSingleEncoder.clOrdIdEncodingOffset();
            }
            case 1 -> {
                capacity = NewOrderSingleEncoder.accountLength();
                fieldOffset = NewOrderSingleEncoder.accountEncodingOffset();
            }
            case 55 -> {
                capacity = NewOrderSingleEncoder.symbolLength();
                fieldOffset = NewOrderSingleEncoder.symbolEncodingOffset();
            }
            default -> {
                capacity = NewOrderSingleEncoder.transactTimeLength();
                fieldOffset = NewOrderSingleEncoder.transactTimeEncodingOffset();
            }
        }
        if (length > capacity) {
            return VALUE_TOO_LONG;
        }
        MutableDirectBuffer model = order.buffer();
        int at = order.offset() + fieldOffset;
        model.putBytes(at, buffer, start, length);
        if (length < capacity) {
            model.setMemory(at + length, capacity - length, (byte) 0);
        }
        return 1;
    }

    /** A one-character enumerated value, checked against the model's valid values without throwing. */
    private static int enumValue(DirectBuffer buffer, int start, int length, NewOrderSingleEncoder order, int tag) {
        if (length != 1) {
            return VALUE_INCORRECT;
        }
        byte v = buffer.getByte(start);
        switch (tag) {
            case 21 -> {
                if (v < '1' || v > '3') {
                    return VALUE_INCORRECT;
                }
                order.handlInst(HandlInst.get(v));
            }
            case 40 -> {
                if (v < '1' || v > '4') {
                    return VALUE_INCORRECT;
                }
                order.ordType(OrdType.get(v));
            }
            case 54 -> {
                if (v < '1' || v > '9') {
                    return VALUE_INCORRECT;
                }
                order.side(Side.get(v));
            }
            default -> {
                if (v < '0' || v > '7') {
                    return VALUE_INCORRECT;
                }
                order.timeInForce(TimeInForce.get(v));
            }
        }
        return 1;
    }

    private static int decimal(DirectBuffer buffer, int start, int length,
                               org.fixbench.engine.sbe.model.DecimalEncoder out) {
        long mantissa = 0;
        int exponent = 0;
        int digits = 0;
        boolean negative = false;
        boolean point = false;
        for (int k = 0; k < length; k++) {
            byte b = buffer.getByte(start + k);
            if (k == 0 && b == '-') {
                negative = true;
            } else if (b == '.' && !point) {
                point = true;
            } else if (b >= '0' && b <= '9') {
                if (++digits > 18) {
                    return INCORRECT_DATA_FORMAT;
                }
                mantissa = mantissa * 10 + (b - '0');
                if (point) {
                    exponent--;
                }
            } else {
                return INCORRECT_DATA_FORMAT;
            }
        }
        if (digits == 0 || exponent < -18) {
            return INCORRECT_DATA_FORMAT;
        }
        out.mantissa(negative ? -mantissa : mantissa).exponent((byte) exponent);
        return 1;
    }

    // ------------------------------------------------------------------ encoding

    /** Appends a NewOrderSingle's body fields, in the workload's order, from the model. */
    public static void newOrderSingleBody(NewOrderSingleDecoder order, FixWriter w) {
        int o = order.offset();
        DirectBuffer b = order.buffer();
        if (b.getByte(o + NewOrderSingleDecoder.accountEncodingOffset()) != 0) {
            w.textField(1, b, o + NewOrderSingleDecoder.accountEncodingOffset(), NewOrderSingleDecoder.accountLength());
        }
        w.textField(11, b, o + NewOrderSingleDecoder.clOrdIdEncodingOffset(), NewOrderSingleDecoder.clOrdIdLength());
        if (order.handlInst() != HandlInst.NULL_VAL) {
            w.charField(21, order.handlInstRaw());
        }
        w.decimalField(38, order.orderQty().mantissa(), order.orderQty().exponent());
        w.charField(40, order.ordTypeRaw());
        if (order.price().mantissa() != DecimalDecoder.mantissaNullValue()) {
            w.decimalField(44, order.price().mantissa(), order.price().exponent());
        }
        w.charField(54, order.sideRaw());
        w.textField(55, b, o + NewOrderSingleDecoder.symbolEncodingOffset(), NewOrderSingleDecoder.symbolLength());
        if (order.timeInForceRaw() != TimeInForce.NULL_VAL.value()) {
            w.charField(59, order.timeInForceRaw());
        }
        w.textField(60, b, o + NewOrderSingleDecoder.transactTimeEncodingOffset(),
                NewOrderSingleDecoder.transactTimeLength());
    }

    /** Appends an ExecutionReport's body fields, in the workload's order, from the model. */
    public static void executionReportBody(ExecutionReportDecoder report, FixWriter w) {
        int o = report.offset();
        DirectBuffer b = report.buffer();
        w.textField(37, b, o + ExecutionReportDecoder.orderIdEncodingOffset(), ExecutionReportDecoder.orderIdLength());
        w.textField(11, b, o + ExecutionReportDecoder.clOrdIdEncodingOffset(), ExecutionReportDecoder.clOrdIdLength());
        if (b.getByte(o + ExecutionReportDecoder.origClOrdIdEncodingOffset()) != 0) {
            w.textField(41, b, o + ExecutionReportDecoder.origClOrdIdEncodingOffset(),
                    ExecutionReportDecoder.origClOrdIdLength());
        }
        w.textField(17, b, o + ExecutionReportDecoder.execIdEncodingOffset(), ExecutionReportDecoder.execIdLength());
        w.charField(150, report.execTypeRaw());
        w.charField(39, report.ordStatusRaw());
        w.textField(55, b, o + ExecutionReportDecoder.symbolEncodingOffset(), ExecutionReportDecoder.symbolLength());
        w.charField(54, report.sideRaw());
        w.decimalField(38, report.orderQty().mantissa(), report.orderQty().exponent());
        w.decimalField(14, report.cumQty().mantissa(), report.cumQty().exponent());
        w.decimalField(151, report.leavesQty().mantissa(), report.leavesQty().exponent());
        w.decimalField(6, report.avgPx().mantissa(), report.avgPx().exponent());
        w.textField(60, b, o + ExecutionReportDecoder.transactTimeEncodingOffset(),
                ExecutionReportDecoder.transactTimeLength());
    }
}
