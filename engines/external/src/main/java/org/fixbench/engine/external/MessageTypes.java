package org.fixbench.engine.external;

import java.util.Map;

/** The names of the MsgTypes (35) a gateway sends, for what {@code check} prints and what a run counts. */
final class MessageTypes {
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("0", "Heartbeat"), Map.entry("1", "TestRequest"), Map.entry("2", "ResendRequest"),
            Map.entry("3", "Reject"), Map.entry("4", "SequenceReset"), Map.entry("5", "Logout"),
            Map.entry("8", "ExecutionReport"), Map.entry("9", "OrderCancelReject"), Map.entry("A", "Logon"),
            Map.entry("B", "News"), Map.entry("C", "Email"), Map.entry("D", "NewOrderSingle"),
            Map.entry("F", "OrderCancelRequest"), Map.entry("G", "OrderCancelReplaceRequest"),
            Map.entry("f", "SecurityStatus"), Map.entry("h", "TradingSessionStatus"),
            Map.entry("j", "BusinessMessageReject"), Map.entry("n", "XMLnonFIX"), Map.entry("r", "OrderMassCancelReport"),
            Map.entry("BF", "UserResponse"), Map.entry("BN", "ExecutionAcknowledgement"),
            Map.entry("CG", "PartyRiskLimitsUpdateReport"));

    private MessageTypes() {
    }

    /** The type's name, or "message" for one this table does not name. */
    static String name(String type) {
        return NAMES.getOrDefault(type, "message");
    }
}
