package org.fixbench.engine.sbe;

/**
 * Message types as the keys the codec, the dictionary and the session use: the MsgType's one or two ASCII bytes,
 * the first in the high byte. A MsgType of three or more characters is {@link #UNKNOWN} (no FIX 4.4 type has one).
 */
final class MsgTypes {
    static final int UNKNOWN = 0;
    static final int HEARTBEAT = '0' << 8;
    static final int TEST_REQUEST = '1' << 8;
    static final int RESEND_REQUEST = '2' << 8;
    static final int REJECT = '3' << 8;
    static final int SEQUENCE_RESET = '4' << 8;
    static final int LOGOUT = '5' << 8;
    static final int EXECUTION_REPORT = '8' << 8;
    static final int LOGON = 'A' << 8;
    static final int NEW_ORDER_SINGLE = 'D' << 8;
    static final int SECURITY_DEFINITION = 'd' << 8;
    static final int BUSINESS_MESSAGE_REJECT = 'j' << 8;

    private MsgTypes() {
    }

    static int key(char type) {
        return type << 8;
    }
}
