package org.fixbench.fix.dictionary;

import org.agrona.DirectBuffer;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.RejectReason;
import org.fixbench.fix.codec.UtcTime;
import org.fixbench.fix.codec.UtcTimeReader;

/**
 * Checks an indexed message against a {@link FixDictionary}, as strictly as QuickFIX/J's default dictionary
 * validation: MsgType defined; header, body and trailer in order; no tag twice in one header, body or group
 * instance; groups whose instances start with their delimiter and whose count matches; every tag defined and
 * allowed for the message type; every value present, well formed for its type and one of its enumerated values;
 * required tags present (in groups too). Errors are FIX 4.4 SessionRejectReason codes with the tag at fault.
 * Where a message has several faults, the one reported follows QuickFIX/J's order: structure, MsgType, required
 * tags, then field by field. Allocation-free; one instance per thread.
 */
public final class Validator {

    private final FixDictionary dictionary;
    private final int[] seen;
    private final UtcTimeReader timestamps = new UtcTimeReader();
    private int stamp;
    private FixMessage message;
    private RejectReason structureReason;
    private int structureTag;
    private RejectReason fieldReason;
    private int fieldTag;
    private int requiredTag;
    private RejectReason reason;
    private int missingDelimiterGroup;
    private int missingDelimiter;
    private int refTag;
    /**
     * The last message that passed, by its index and {@link FixMessage#shape()}, with its MsgType and without
     * groups: a message of that shape and type passes every check on its tags (order, repeats, definitions, required
     * tags) as that one did, so only its values are checked.
     */
    private FixMessage passedIndex;
    private long passedShape;
    private int passedType;
    private boolean byShape;

    public Validator(FixDictionary dictionary) {
        this.dictionary = dictionary;
        seen = new int[dictionary.maxTag() + 1];
    }

    /** The SessionRejectReason of the last failed check. */
    public RejectReason reason() {
        return reason;
    }

    /**
     * The Text (58) QuickFIX/J writes for the last failed check: "The group 146 must set the delimiter field 55" for
     * a group instance that does not start with its delimiter, else the reason's words with ", field=" and the tag.
     * Allocates (an error path).
     */
    public String text() {
        if (reason == null) {
            return "valid";
        }
        if (reason == RejectReason.GROUP_FIELDS_OUT_OF_ORDER && missingDelimiterGroup != 0) {
            return "The group " + missingDelimiterGroup + " must set the delimiter field " + missingDelimiter;
        }
        return reason.textFor(refTag);
    }

    /** For tests: whether the last message had only its values checked (see {@link #passedIndex}). */
    public boolean byShape() {
        return byShape;
    }

    /** The tag the last failed check concerns (0 if none). */
    public int refTag() {
        return refTag;
    }

    /** Whether the message passes; if not, {@link #reason()} and {@link #refTag()} say why. */
    public boolean validate(FixMessage m) {
        message = m;
        structureReason = null;
        fieldReason = null;
        missingDelimiterGroup = 0;
        requiredTag = 0;
        byShape = m == passedIndex && m.shape() != 0 && m.shape() == passedShape && m.typeKey() == passedType;
        if (byShape) {
            for (int i = 0, count = m.count(); i < count; i++) {
                checkValue(i);
            }
            return fieldReason == null || fail(fieldReason, fieldTag);
        }
        passedIndex = null;
        boolean grouped = false;
        FixDictionary.FieldSet body = dictionary.message(m.typeKey());
        if (body == null) {
            return fail(RejectReason.INVALID_MSGTYPE, 35);
        }
        FixDictionary.FieldSet header = dictionary.header();
        FixDictionary.FieldSet trailer = dictionary.trailer();
        int headerStamp = ++stamp;
        int bodyStamp = ++stamp;
        int trailerStamp = ++stamp;
        int phase = 0; // 0 header, 1 body, 2 trailer
        int count = m.count();
        int i = 0;
        while (i < count) {
            int tag = m.tag(i);
            if (header.allows(tag)) {
                if (phase != 0) {
                    structure(RejectReason.TAG_OUT_OF_ORDER, tag);
                }
                i = field(header, i, headerStamp);
            } else if (trailer.allows(tag)) {
                phase = 2;
                i = field(trailer, i, trailerStamp);
            } else {
                if (phase == 2) {
                    structure(RejectReason.TAG_OUT_OF_ORDER, tag);
                }
                phase = 1;
                i = field(body, i, bodyStamp);
            }
            grouped |= dictionary.type(tag) == FixDictionary.T_NUMINGROUP;
        }
        if (structureReason != null) {
            return fail(structureReason, structureTag);
        }
        required(header, headerStamp);
        required(body, bodyStamp);
        required(trailer, trailerStamp);
        if (requiredTag != 0) {
            return fail(RejectReason.REQUIRED_TAG_MISSING, requiredTag);
        }
        if (fieldReason != null) {
            return fail(fieldReason, fieldTag);
        }
        if (!grouped) { // (a group's count is a value the tags' checks depend on)
            passedIndex = m;
            passedShape = m.shape();
            passedType = m.typeKey();
        }
        return true;
    }

    /** Checks field {@code i} in {@code set}; a group count field consumes its instances. Returns the next index. */
    private int field(FixDictionary.FieldSet set, int i, int scopeStamp) {
        int tag = message.tag(i);
        if (tag > 0 && tag < seen.length) {
            if (seen[tag] == scopeStamp) {
                structure(RejectReason.TAG_APPEARS_MORE_THAN_ONCE, tag);
            }
            seen[tag] = scopeStamp;
        }
        checkValue(i);
        if (!dictionary.isDefined(tag)) {
            fieldError(RejectReason.INVALID_TAG_NUMBER, tag);
        } else if (!set.allows(tag)) {
            fieldError(RejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE, tag);
        }
        i++;
        FixDictionary.Group group = dictionary.type(tag) == FixDictionary.T_NUMINGROUP ? set.group(tag) : null;
        if (group != null) {
            i = instances(group, i, FixMessage.parseLong(message.buffer(), message.start(i - 1), message.length(i - 1)));
        }
        return i;
    }

    private int instances(FixDictionary.Group group, int i, long declared) {
        int count = message.count();
        long instances = 0;
        while (i < count && group.fields.allows(message.tag(i))) {
            if (message.tag(i) != group.delimiter) {
                if (structureReason == null) {
                    missingDelimiterGroup = group.countTag;
                    missingDelimiter = group.delimiter;
                }
                structure(RejectReason.GROUP_FIELDS_OUT_OF_ORDER, message.tag(i));
                i++;
                continue;
            }
            instances++;
            int instanceStamp = ++stamp;
            i = field(group.fields, i, instanceStamp);
            int position = 0;
            while (i < count && message.tag(i) != group.delimiter && group.fields.allows(message.tag(i))) {
                int next = positionOf(group.fields.order, message.tag(i));
                if (next < position) {
                    structure(RejectReason.GROUP_FIELDS_OUT_OF_ORDER, message.tag(i)); // members keep the dictionary's order
                }
                position = next;
                i = field(group.fields, i, instanceStamp);
            }
            required(group.fields, instanceStamp);
        }
        if (instances != declared) { // a count that is not a number (or negative) never matches
            fieldError(RejectReason.INCORRECT_NUMINGROUP, group.countTag);
        }
        return i;
    }

    private static int positionOf(int[] order, int tag) {
        for (int k = 0; k < order.length; k++) {
            if (order[k] == tag) {
                return k;
            }
        }
        return order.length;
    }

    private void checkValue(int i) {
        int tag = message.tag(i);
        int length = message.length(i);
        if (length == 0) {
            fieldError(RejectReason.TAG_WITHOUT_VALUE, tag);
            return;
        }
        DirectBuffer b = message.buffer();
        int start = message.start(i);
        boolean wellFormed = switch (dictionary.type(tag)) {
            case FixDictionary.T_INT, FixDictionary.T_LENGTH, FixDictionary.T_NUMINGROUP -> isInt(b, start, length);
            case FixDictionary.T_FLOAT -> isDecimal(b, start, length);
            case FixDictionary.T_CHAR -> length == 1;
            case FixDictionary.T_BOOLEAN -> length == 1 && (b.getByte(start) == 'Y' || b.getByte(start) == 'N');
            case FixDictionary.T_UTCTIMESTAMP -> timestamps.parse(b, start, length) != UtcTime.INVALID;
            case FixDictionary.T_UTCTIMEONLY -> UtcTime.timeOfDay(b, start, length) >= 0;
            case FixDictionary.T_DATE -> UtcTime.isDate(b, start, length);
            default -> true;
        };
        if (!wellFormed) {
            fieldError(RejectReason.INCORRECT_DATA_FORMAT, tag);
        } else if (!dictionary.isAllowedValue(tag, b, start, length)) {
            fieldError(RejectReason.VALUE_INCORRECT, tag);
        }
    }

    private void required(FixDictionary.FieldSet set, int scopeStamp) {
        if (requiredTag != 0) {
            return;
        }
        for (int tag : set.required) {
            if (tag <= 0 || tag >= seen.length || seen[tag] != scopeStamp) {
                requiredTag = tag;
                return;
            }
        }
    }

    public static boolean isInt(DirectBuffer b, int start, int length) {
        int i = b.getByte(start) == '-' ? 1 : 0;
        if (length - i < 1 || length - i > 10) {
            return false;
        }
        for (; i < length; i++) {
            byte c = b.getByte(start + i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    public static boolean isDecimal(DirectBuffer b, int start, int length) {
        int i = b.getByte(start) == '-' ? 1 : 0;
        int digits = 0;
        boolean point = false;
        for (; i < length; i++) {
            byte c = b.getByte(start + i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                return false;
            }
        }
        return digits > 0;
    }

    private void structure(RejectReason why, int tag) {
        if (structureReason == null) {
            structureReason = why;
            structureTag = tag;
        }
    }

    private void fieldError(RejectReason why, int tag) {
        if (fieldReason == null) {
            fieldReason = why;
            fieldTag = tag;
        }
    }

    private boolean fail(RejectReason why, int tag) {
        reason = why;
        refTag = tag;
        return false;
    }
}
