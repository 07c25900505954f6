package org.fixbench.fix.codec;

/**
 * FIX 4.4 SessionRejectReason (373): why a message was rejected at the session level, shared by the codec, the
 * validator and the session. {@link #text()} is how QuickFIX/J words it in Text (58).
 */
public enum RejectReason {
    INVALID_TAG_NUMBER(0, "Invalid tag number"),
    REQUIRED_TAG_MISSING(1, "Required tag missing"),
    TAG_NOT_DEFINED_FOR_MESSAGE_TYPE(2, "Tag not defined for this message type"),
    UNDEFINED_TAG(3, "Undefined Tag"),
    TAG_WITHOUT_VALUE(4, "Tag specified without a value"),
    VALUE_INCORRECT(5, "Value is incorrect (out of range) for this tag"),
    INCORRECT_DATA_FORMAT(6, "Incorrect data format for value"),
    COMPID_PROBLEM(9, "CompID problem"),
    SENDING_TIME_ACCURACY(10, "SendingTime accuracy problem"),
    INVALID_MSGTYPE(11, "Invalid MsgType"),
    TAG_APPEARS_MORE_THAN_ONCE(13, "Tag appears more than once"),
    TAG_OUT_OF_ORDER(14, "Tag specified out of required order"),
    GROUP_FIELDS_OUT_OF_ORDER(15, "Out of order repeating group members"),
    INCORRECT_NUMINGROUP(16, "Incorrect NumInGroup count for repeating group"),
    OTHER(99, "Other");

    private final int code;
    private final String text;

    RejectReason(int code, String text) {
        this.code = code;
        this.text = text;
    }

    /** The value sent in SessionRejectReason (373). */
    public int code() {
        return code;
    }

    /** QuickFIX/J's words for it. */
    public String text() {
        return text;
    }

    /**
     * The Text (58) QuickFIX/J writes when a check of field {@code refTag} fails ("Incorrect data format for value,
     * field=38"); without a field, the words alone. An invalid tag number always names its field, 0 and negative
     * numbers included.
     */
    public String textFor(int refTag) {
        return refTag > 0 || this == INVALID_TAG_NUMBER ? text + ", field=" + refTag : text;
    }
}
