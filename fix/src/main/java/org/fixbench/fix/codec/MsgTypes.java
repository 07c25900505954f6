package org.fixbench.fix.codec;

/**
 * Message types as the keys the codec, the dictionary and the session use: the MsgType's one or two ASCII bytes,
 * the first in the high byte. A MsgType of three or more characters is {@link #UNKNOWN} (no FIX 4.4 type has one).
 */
public final class MsgTypes {
    public static final int UNKNOWN = 0;
    public static final int HEARTBEAT = '0' << 8;
    public static final int TEST_REQUEST = '1' << 8;
    public static final int RESEND_REQUEST = '2' << 8;
    public static final int REJECT = '3' << 8;
    public static final int SEQUENCE_RESET = '4' << 8;
    public static final int LOGOUT = '5' << 8;
    public static final int EXECUTION_REPORT = '8' << 8;
    public static final int LOGON = 'A' << 8;
    public static final int NEW_ORDER_SINGLE = 'D' << 8;
    public static final int SECURITY_DEFINITION = 'd' << 8;
    public static final int BUSINESS_MESSAGE_REJECT = 'j' << 8;

    private MsgTypes() {
    }

    public static int key(char type) {
        return type << 8;
    }

    /** The key of a MsgType of one or two characters ({@code second} 0 for one): the first in the high byte. */
    public static int key(byte first, byte second) {
        return ((first & 0xFF) << 8) | (second & 0xFF);
    }
}
