package org.fixbench.engine.sbe;

import java.nio.file.Path;
import java.util.Properties;

/**
 * One session side's settings: from the profile file in {@code fix-configs/sbe/} plus the CompIDs and role.
 *
 * @param validate          check every incoming message against the dictionary (else session-level checks only)
 * @param heartBtIntSeconds the HeartBtInt an initiator proposes (an acceptor takes the initiator's)
 * @param maxLatencySeconds largest |now - SendingTime| accepted (QuickFIX/J's MaxLatency, 120 s by default)
 * @param idle              busy-spin, yield or backoff between empty polls
 */
public record SessionConfig(String senderCompId, String targetCompId, boolean acceptor, FixDictionary dictionary,
                            boolean validate, int heartBtIntSeconds, int maxLatencySeconds, int maxMessageBytes,
                            int bufferBytes, int storeBytes, int storeMessages, int logonTimeoutMillis,
                            int logoutTimeoutMillis, String idle) {

    /** Reads a profile's properties (every key optional; defaults shown in fix-configs/sbe/README). */
    public static SessionConfig of(Properties p, String senderCompId, String targetCompId, boolean acceptor) {
        String validation = p.getProperty("validation", "dictionary").trim();
        if (!validation.equals("dictionary") && !validation.equals("session")) {
            throw new IllegalArgumentException("sbe profile: validation must be dictionary or session (was '"
                    + validation + "')");
        }
        String idle = p.getProperty("idle", "spin").trim();
        if (!idle.equals("spin") && !idle.equals("yield") && !idle.equals("backoff")) {
            throw new IllegalArgumentException("sbe profile: idle must be spin, yield or backoff (was '" + idle + "')");
        }
        String dictionaryPath = p.getProperty("dictionary", "").trim();
        FixDictionary dictionary = dictionaryPath.isEmpty() ? Bundled.FIX44 : FixDictionary.load(Path.of(dictionaryPath));
        return new SessionConfig(senderCompId, targetCompId, acceptor, dictionary, validation.equals("dictionary"),
                positive(p, "heartBtInt", 30), positive(p, "maxLatencySeconds", 120),
                positive(p, "maxMessageBytes", 8192), positive(p, "bufferBytes", 1 << 20),
                positive(p, "storeBytes", 64 << 20), positive(p, "storeMessages", 1 << 20),
                positive(p, "logonTimeoutMillis", 10_000), positive(p, "logoutTimeoutMillis", 2_000), idle);
    }

    public SessionConfig withCompIds(String sender, String target) {
        return new SessionConfig(sender, target, acceptor, dictionary, validate, heartBtIntSeconds, maxLatencySeconds,
                maxMessageBytes, bufferBytes, storeBytes, storeMessages, logonTimeoutMillis, logoutTimeoutMillis, idle);
    }

    public SessionConfig withHeartBtInt(int seconds) {
        return new SessionConfig(senderCompId, targetCompId, acceptor, dictionary, validate, seconds, maxLatencySeconds,
                maxMessageBytes, bufferBytes, storeBytes, storeMessages, logonTimeoutMillis, logoutTimeoutMillis, idle);
    }

    /** The bundled FIX 4.4 dictionary, loaded once per JVM. */
    static final class Bundled {
        static final FixDictionary FIX44 = FixDictionary.load(null);

        private Bundled() {
        }
    }

    private static int positive(Properties p, String key, int fallback) {
        String text = p.getProperty(key);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("sbe profile: " + key + " must be a positive integer (was '" + text + "')");
    }
}
