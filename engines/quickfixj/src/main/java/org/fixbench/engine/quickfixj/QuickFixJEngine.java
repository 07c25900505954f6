package org.fixbench.engine.quickfixj;

import java.util.LinkedHashMap;
import java.util.Map;

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
    public EngineServer server(EngineSetup setup) {
        return new QuickFixJServer(setup, QuickFixJProfile.load(setup));
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        return new QuickFixJClient(setup, QuickFixJProfile.load(setup));
    }
}
