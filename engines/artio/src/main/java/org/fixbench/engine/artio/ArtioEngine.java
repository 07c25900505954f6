package org.fixbench.engine.artio;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Setting;
import org.fixbench.engine.Versions;

/** Artio (real-logic) on Aeron: a FixEngine + FixLibrary per role, each with its own ArchivingMediaDriver. */
public final class ArtioEngine implements FixEngine {
    @Override
    public String name() {
        return "artio";
    }

    @Override
    public String defaultProfile() {
        return "tuned";
    }

    @Override
    public List<String> comparisonProfiles() {
        return org.fixbench.harness.machine.Machine.cpus() >= 4 ? List.of("tuned", "spin") : List.of("tuned");
    }

    /** {@code logMessages=Y}: Artio archives every message to its log files, asynchronously, unsynced; else memory. */
    @Override
    public org.fixbench.engine.Durability durability(java.nio.file.Path profileFile) {
        return "Y".equalsIgnoreCase(org.fixbench.engine.FixConfigs.properties(profileFile)
                .getProperty("logMessages", "N").trim()) ? org.fixbench.engine.Durability.FILE
                : org.fixbench.engine.Durability.MEMORY;
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("artio-core", Versions.of("uk.co.real-logic", "artio-core", uk.co.real_logic.artio.engine.FixEngine.class));
        v.put("aeron", Versions.of("io.aeron", "aeron-client", io.aeron.Aeron.class));
        v.put("agrona", Versions.of("org.agrona", "agrona", org.agrona.DirectBuffer.class));
        v.put("dictionary", "QuickFIX/J FIX44.xml (quickfixj-messages-fix44 "
                + Versions.of("org.quickfixj", "quickfixj-messages-fix44") + ") trimmed to message types "
                + "0,1,2,3,4,5,A,j,BE,D,F,G,8, codecs generated at build time");
        return v;
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.choice("hotPathIdle", "yield", "idle strategy of our library threads (the client's sending "
                        + "thread, the server's polling thread); sleep is 1 ms", "spin", "yield", "backoff", "sleep"),
                Setting.choice("framerIdle", "yield", "idle strategy of Artio's framer", "spin", "yield", "backoff",
                        "sleep"),
                Setting.choice("backgroundIdle", "sleep", "idle strategy of the media driver, archive and archiver",
                        "spin", "yield", "backoff", "sleep"),
                Setting.choice("scheduler", "lowResource", "lowResource: framer and archiver on one thread; default: "
                        + "a thread each", "lowResource", "default"),
                Setting.positive("heartBtInt", "30", "HeartBtInt, seconds"),
                Setting.choice("logMessages", "N", "log (archive) inbound and outbound messages: Y is what Artio "
                        + "resends from; N gap-fills every resend", "Y", "N"));
    }

    @Override
    public String sessionThreading() {
        return "artio: one engine (framer) and library a side; the server's library thread polls every session, "
                + "the client's sessions live in one library polled by its sending thread";
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        return new ArtioServer(setup, ArtioProfile.load(setup));
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        return new ArtioClient(setup, ArtioProfile.load(setup));
    }

    /** Writes the decimal digits of a non-negative {@code value} into {@code out} at {@code at}; returns their count. */
    static int putDigits(long value, byte[] out, int at) {
        if (value < 0) {
            throw new IllegalArgumentException("ClOrdID must not be negative: " + value);
        }
        int length = 1;
        for (long v = value / 10; v > 0; v /= 10) {
            length++;
        }
        long v = value;
        for (int i = length - 1; i >= 0; i--) {
            out[at + i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return length;
    }

    /** Parses decimal digits; -1 if any character is not a digit. */
    static long parseDigits(char[] chars, int length) {
        long value = 0;
        for (int i = 0; i < length; i++) {
            char c = chars[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
