package org.fixbench.cli.run;

import org.fixbench.cli.results.ResultLabels;
import java.util.ArrayList;
import java.util.List;

import org.fixbench.engine.EngineSpec;

/**
 * What one column of a comparison measures: an engine's client against an engine's server. Usually the same
 * engine and profile on both sides; {@code compare --pairs client/server,...} pairs any FIX engine's client with
 * any FIX engine's server (raw TCP only with itself).
 */
public record Contender(EngineSpec client, EngineSpec server) {

    public static Contender of(EngineSpec spec) {
        return new Contender(spec, spec);
    }

    public boolean isPair() {
        return !client.equals(server);
    }

    public boolean isFloor() {
        return ResultLabels.FLOOR_ENGINE.equals(client.engine().name()) && !isPair();
    }

    /** {@code engine:profile}, or {@code client/server} for a pair. */
    public String label() {
        return isPair() ? client.label() + "/" + server.label() : client.label();
    }

    /** The {@code engine} label of its results. */
    public String engineName() {
        return isPair() ? client.engine().name() + "/" + server.engine().name() : client.engine().name();
    }

    /** The {@code profile} label of its results. */
    public String profile() {
        return isPair() ? client.profileLabel() + "/" + server.profileLabel() : client.profileLabel();
    }

    /**
     * The pair as one engine for a benchmark in this process: its server is the server side's engine with the server
     * side's profile, its client the client side's (the same engine when not a pair).
     */
    public org.fixbench.engine.FixEngine asEngine() {
        if (!isPair()) {
            return client.engine();
        }
        EngineSpec c = client;
        EngineSpec s = server;
        return new org.fixbench.engine.FixEngine() {
            @Override
            public String name() {
                return engineName();
            }

            @Override
            public int maxSessions() {
                return Math.min(c.engine().maxSessions(), s.engine().maxSessions());
            }

            @Override
            public boolean sendsEveryWorkload() { // one engine's client sends it, the other's server answers it
                return c.engine().sendsEveryWorkload() && s.engine().sendsEveryWorkload();
            }

            @Override
            public java.util.List<org.fixbench.engine.Setting> settings() {
                return java.util.List.of(); // a pair is set through its two engines' profiles
            }

            @Override
            public String defaultProfile() {
                return profile();
            }

            @Override
            public java.util.Map<String, String> versions() {
                return java.util.Map.of();
            }

            @Override
            public org.fixbench.engine.EngineServer server(org.fixbench.engine.EngineSetup setup) throws Exception {
                return s.engine().server(setup.withProfile(s.profile(), s.profileFile()));
            }

            @Override
            public org.fixbench.engine.EngineClient client(org.fixbench.engine.EngineSetup setup) throws Exception {
                return c.engine().client(setup.withProfile(c.profile(), c.profileFile()));
            }
        };
    }

    /** Parses {@code client/server,...} (each side ENGINE[:PROFILE]); raw TCP pairs only with itself. */
    public static List<Contender> parsePairs(String text) {
        List<Contender> pairs = new ArrayList<>();
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] sides = part.trim().split("/");
            if (sides.length != 2) {
                throw new IllegalArgumentException("--pairs: '" + part.trim() + "' is not CLIENT/SERVER (e.g. "
                        + "quickfixj/sbe)");
            }
            EngineSpec client = EngineSpec.parse(sides[0]);
            EngineSpec server = EngineSpec.parse(sides[1]);
            if (client.engine().speaksFix() != server.engine().speaksFix()) {
                String silent = (client.engine().speaksFix() ? server : client).engine().name();
                throw new IllegalArgumentException("--pairs: " + silent + " speaks no FIX: it pairs only with an "
                        + "engine that speaks none ('" + part.trim() + "')");
            }
            pairs.add(new Contender(client, server));
        }
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("--pairs: no pair named");
        }
        return pairs;
    }
}
