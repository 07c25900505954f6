package org.fixbench.engine.sbe;

/** The FIX 4.4 tag numbers the session and the applications use by name, in one place. */
final class Tags {
    static final int BEGIN_SEQ_NO = 7;
    static final int BEGIN_STRING = 8;
    static final int BODY_LENGTH = 9;
    static final int CHECK_SUM = 10;
    static final int CL_ORD_ID = 11;
    static final int END_SEQ_NO = 16;
    static final int MSG_SEQ_NUM = 34;
    static final int MSG_TYPE = 35;
    static final int NEW_SEQ_NO = 36;
    static final int ORDER_QTY = 38;
    static final int POSS_DUP_FLAG = 43;
    static final int REF_SEQ_NUM = 45;
    static final int SENDER_COMP_ID = 49;
    static final int SENDER_SUB_ID = 50;
    static final int SENDING_TIME = 52;
    static final int TARGET_COMP_ID = 56;
    static final int TARGET_SUB_ID = 57;
    static final int TEXT = 58;
    static final int POSS_RESEND = 97;
    static final int ENCRYPT_METHOD = 98;
    static final int HEART_BT_INT = 108;
    static final int TEST_REQ_ID = 112;
    static final int ON_BEHALF_OF_COMP_ID = 115;
    static final int ON_BEHALF_OF_SUB_ID = 116;
    static final int ORIG_SENDING_TIME = 122;
    static final int GAP_FILL_FLAG = 123;
    static final int DELIVER_TO_COMP_ID = 128;
    static final int DELIVER_TO_SUB_ID = 129;
    static final int RESET_SEQ_NUM_FLAG = 141;
    static final int SENDER_LOCATION_ID = 142;
    static final int TARGET_LOCATION_ID = 143;
    static final int ON_BEHALF_OF_LOCATION_ID = 144;
    static final int DELIVER_TO_LOCATION_ID = 145;
    static final int REF_TAG_ID = 371;
    static final int REF_MSG_TYPE = 372;
    static final int SESSION_REJECT_REASON = 373;
    static final int BUSINESS_REJECT_REASON = 380;

    /**
     * Routing fields as QuickFIX/J's {@code reverseRoute} swaps them for an answer: each pair is (tag in the
     * message, tag in the answer). CompIDs are the session's own and are not copied.
     */
    static final int[][] REVERSE_ROUTE = {
            {SENDER_SUB_ID, TARGET_SUB_ID}, {TARGET_SUB_ID, SENDER_SUB_ID},
            {SENDER_LOCATION_ID, TARGET_LOCATION_ID}, {TARGET_LOCATION_ID, SENDER_LOCATION_ID},
            {ON_BEHALF_OF_COMP_ID, DELIVER_TO_COMP_ID}, {ON_BEHALF_OF_SUB_ID, DELIVER_TO_SUB_ID},
            {DELIVER_TO_COMP_ID, ON_BEHALF_OF_COMP_ID}, {DELIVER_TO_SUB_ID, ON_BEHALF_OF_SUB_ID},
            {ON_BEHALF_OF_LOCATION_ID, DELIVER_TO_LOCATION_ID}, {DELIVER_TO_LOCATION_ID, ON_BEHALF_OF_LOCATION_ID},
    };

    private Tags() {
    }
}
