package org.fixbench.engine.sbe;

import java.nio.file.Path;
import java.util.Properties;

import org.fixbench.engine.ProfileValues;

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

    /** Reads a profile's properties (every key optional; keys and defaults in engines/sbe/README.md). */
    public static SessionConfig of(Properties p, String senderCompId, String targetCompId, boolean acceptor) {
        String validation = ProfileValues.choice(p, "sbe", "validation", "dictionary", "dictionary", "session");
        String idle = ProfileValues.choice(p, "sbe", "idle", "spin", "spin", "yield", "backoff");
        String dictionaryPath = p.getProperty("dictionary", "").trim();
        FixDictionary dictionary = dictionaryPath.isEmpty() ? Bundled.FIX44 : FixDictionary.load(Path.of(dictionaryPath));
        return new SessionConfig(senderCompId, targetCompId, acceptor, dictionary, validation.equals("dictionary"),
                positive(p, "heartBtInt", 30), positive(p, "maxLatencySeconds", 120),
                positive(p, "maxMessageBytes", 8192), positive(p, "bufferBytes", 1 << 20),
                positive(p, "storeBytes", 64 << 20), positive(p, "storeMessages", 1 << 20),
                positive(p, "logonTimeoutMillis", 10_000), positive(p, "logoutTimeoutMillis", 2_000), idle);
    }

    /** The bundled FIX 4.4 dictionary, loaded once per JVM. */
    static final class Bundled {
        static final FixDictionary FIX44 = FixDictionary.load(null);

        private Bundled() {
        }
    }

    private static int positive(Properties p, String key, int fallback) {
        return ProfileValues.positiveInt(p, "sbe", key, fallback);
    }
}
