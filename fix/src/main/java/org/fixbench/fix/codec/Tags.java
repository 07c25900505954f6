package org.fixbench.fix.codec;

/** The FIX 4.4 tag numbers the session and the applications use by name, in one place. */
public final class Tags {
    public static final int BEGIN_SEQ_NO = 7;
    public static final int BEGIN_STRING = 8;
    public static final int BODY_LENGTH = 9;
    public static final int CHECK_SUM = 10;
    public static final int CL_ORD_ID = 11;
    public static final int END_SEQ_NO = 16;
    public static final int MSG_SEQ_NUM = 34;
    public static final int MSG_TYPE = 35;
    public static final int NEW_SEQ_NO = 36;
    public static final int ORDER_QTY = 38;
    public static final int POSS_DUP_FLAG = 43;
    public static final int REF_SEQ_NUM = 45;
    public static final int SENDER_COMP_ID = 49;
    public static final int SENDER_SUB_ID = 50;
    public static final int SENDING_TIME = 52;
    public static final int TARGET_COMP_ID = 56;
    public static final int TARGET_SUB_ID = 57;
    public static final int TEXT = 58;
    public static final int POSS_RESEND = 97;
    public static final int ENCRYPT_METHOD = 98;
    public static final int HEART_BT_INT = 108;
    public static final int TEST_REQ_ID = 112;
    public static final int ON_BEHALF_OF_COMP_ID = 115;
    public static final int ON_BEHALF_OF_SUB_ID = 116;
    public static final int ORIG_SENDING_TIME = 122;
    public static final int GAP_FILL_FLAG = 123;
    public static final int DELIVER_TO_COMP_ID = 128;
    public static final int DELIVER_TO_SUB_ID = 129;
    public static final int RESET_SEQ_NUM_FLAG = 141;
    public static final int SENDER_LOCATION_ID = 142;
    public static final int TARGET_LOCATION_ID = 143;
    public static final int ON_BEHALF_OF_LOCATION_ID = 144;
    public static final int DELIVER_TO_LOCATION_ID = 145;
    public static final int REF_TAG_ID = 371;
    public static final int REF_MSG_TYPE = 372;
    public static final int SESSION_REJECT_REASON = 373;
    public static final int BUSINESS_REJECT_REASON = 380;

    /**
     * Routing fields as QuickFIX/J's {@code reverseRoute} swaps them for an answer: each pair is (tag in the
     * message, tag in the answer). CompIDs are the session's own and are not copied.
     */
    public static final int[][] REVERSE_ROUTE = {
            {SENDER_SUB_ID, TARGET_SUB_ID}, {TARGET_SUB_ID, SENDER_SUB_ID},
            {SENDER_LOCATION_ID, TARGET_LOCATION_ID}, {TARGET_LOCATION_ID, SENDER_LOCATION_ID},
            {ON_BEHALF_OF_COMP_ID, DELIVER_TO_COMP_ID}, {ON_BEHALF_OF_SUB_ID, DELIVER_TO_SUB_ID},
            {DELIVER_TO_COMP_ID, ON_BEHALF_OF_COMP_ID}, {DELIVER_TO_SUB_ID, ON_BEHALF_OF_SUB_ID},
            {ON_BEHALF_OF_LOCATION_ID, DELIVER_TO_LOCATION_ID}, {DELIVER_TO_LOCATION_ID, ON_BEHALF_OF_LOCATION_ID},
    };

    private Tags() {
    }
}
