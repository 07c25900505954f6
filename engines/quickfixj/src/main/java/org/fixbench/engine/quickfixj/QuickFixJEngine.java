package org.fixbench.engine.quickfixj;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

import org.fixbench.engine.Setting;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Versions;

/** QuickFIX/J on Apache MINA: a SocketAcceptor as server, a SocketInitiator as client. */
public final class QuickFixJEngine implements FixEngine {
    @Override
    public String name() {
        return "quickfixj";
    }

    @Override
    public String defaultProfile() {
        return "tuned";
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("quickfixj-core", Versions.of("org.quickfixj", "quickfixj-core"));
        v.put("quickfixj-messages-fix44", Versions.of("org.quickfixj", "quickfixj-messages-fix44"));
        v.put("mina-core", Versions.of("org.apache.mina", "mina-core"));
        return v;
    }

    @Override
    public java.util.Set<String> serverApplications() {
        return java.util.Set.of(EngineSetup.REPORT, EngineSetup.ECHO);
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.choice("fixbench.store", "memory", "QuickFIX/J's message store: memory or files in the work "
                        + "folder", "memory", "file"),
                Setting.choice("fixbench.log", "none", "QuickFIX/J's message and event log: none or files in the work "
                        + "folder", "none", "file"),
                Setting.text("BeginString", "FIX.4.4", "QuickFIX/J session setting"),
                Setting.positive("HeartBtInt", "30", "HeartBtInt, seconds"),
                Setting.text("StartTime", "00:00:00", "session start time (QuickFIX/J)"),
                Setting.text("EndTime", "00:00:00", "session end time (QuickFIX/J)"),
                Setting.choice("ResetOnLogon", "N", "both sides start again at 1 at every Logon", "Y", "N"),
                Setting.choice("CheckLatency", "Y", "check SendingTime against MaxLatency", "Y", "N"),
                Setting.positive("MaxLatency", "120", "largest |now - SendingTime| accepted, seconds"),
                Setting.choice("SocketTcpNoDelay", "N", "TCP_NODELAY", "Y", "N"),
                Setting.positive("SocketReceiveBufferSize", "(the OS's)", "SO_RCVBUF, bytes"),
                Setting.positive("SocketSendBufferSize", "(the OS's)", "SO_SNDBUF, bytes"),
                Setting.choice("PersistMessages", "Y", "keep sent messages for resends", "Y", "N"),
                Setting.choice("UseDataDictionary", "Y", "validate messages against the data dictionary", "Y", "N"),
                Setting.text("DataDictionary", "FIX44.xml", "the data dictionary file"),
                Setting.choice("ValidateUserDefinedFields", "Y", "validate user-defined fields (with the dictionary)",
                        "Y", "N"),
                Setting.choice("ValidateFieldsOutOfOrder", "Y", "reject header/body/trailer fields out of order",
                        "Y", "N"),
                Setting.choice("ValidateFieldsHaveValues", "Y", "reject fields without values", "Y", "N"),
                Setting.choice("ValidateIncomingMessage", "Y", "validate incoming messages at all (with the "
                        + "dictionary)", "Y", "N"),
                Setting.choice("RejectInvalidMessage", "Y", "reject invalid messages (else log them and go on)", "Y",
                        "N"),
                Setting.choice("CheckCompID", "Y", "check the CompIDs of incoming messages", "Y", "N"),
                Setting.choice("ValidateSequenceNumbers", "Y", "check incoming MsgSeqNum", "Y", "N"));
    }

    @Override
    public boolean sendsEveryWorkload() {
        return true;
    }

    @Override
    public int maxSessions() {
        return org.fixbench.engine.Workload.MAX_SESSIONS;
    }

    @Override
    public String sessionThreading() {
        return "quickfixj: one SocketAcceptor serves every session on its port and one SocketInitiator carries every "
                + "client session, each with QuickFIX/J's one message-processor thread for all sessions and MINA's "
                + "I/O threads";
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        return new QuickFixJServer(setup, QuickFixJProfile.load(setup));
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        return new QuickFixJClient(setup, QuickFixJProfile.load(setup));
    }
}
