package org.fixbench.engine.sbe;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Versions;
import org.fixbench.engine.sbe.session.SessionConfig;

/**
 * fixbench's own FIX 4.4 engine: tag=value over an SBE-generated message model, a QuickFIX/J-compatible session
 * layer, dictionary validation, one single-threaded NIO loop per session side. Nothing is allocated per message.
 * Profiles: {@code published} validates every message against FIX44.xml (as {@code quickfixj:published} does);
 * {@code tuned} keeps the session-level checks only (as {@code quickfixj:tuned}, which has no dictionary).
 */
public final class SbeEngine implements FixEngine {
    @Override
    public String name() {
        return "sbe";
    }

    @Override
    public String defaultProfile() {
        return "published";
    }

    /** The default comparison runs the session-validation level, as it does for QuickFIX/J (its tuned profile). */
    @Override
    public List<String> comparisonProfiles() {
        return List.of("tuned");
    }

    @Override
    public Set<String> serverApplications() {
        return Set.of(EngineSetup.REPORT, EngineSetup.ECHO);
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> v = new LinkedHashMap<>();
        java.util.Properties built = new java.util.Properties();
        try (java.io.InputStream in = SbeEngine.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                built.load(in);
            }
        } catch (java.io.IOException e) {
            // reported as unknown below
        }
        v.put("fixbench-engine-sbe", built.getProperty("fixbench-engine-sbe", "unknown"));
        v.put("sbe (model generated with)", built.getProperty("sbe", "unknown"));
        v.put("agrona", Versions.of("org.agrona", "agrona", org.agrona.DirectBuffer.class));
        v.put("dictionary", "QuickFIX/J FIX44.xml from quickfixj-messages-fix44 "
                + built.getProperty("quickfixj-messages-fix44", "unknown"));
        return v;
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        SessionConfig config = SessionConfig.of(setup.profileProperties(), setup.serverCompId(), setup.clientCompId(),
                true);
        return new SbeServer(setup, config);
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        SessionConfig config = SessionConfig.of(setup.profileProperties(), setup.clientCompId(), setup.serverCompId(),
                false);
        return new SbeClient(config);
    }

    static IdleStrategy idle(String name) {
        return switch (name) {
            case "spin" -> new BusySpinIdleStrategy();
            case "yield" -> new YieldingIdleStrategy();
            default -> new BackoffIdleStrategy(1, 1, 1_000, 100_000);
        };
    }
}
