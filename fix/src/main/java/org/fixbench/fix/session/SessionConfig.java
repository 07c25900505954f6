package org.fixbench.fix.session;

import java.nio.file.Path;
import java.util.Properties;

import org.fixbench.engine.ProfileValues;
import org.fixbench.fix.dictionary.FixDictionary;

/**
 * One session side's settings: from the profile file in {@code fix-configs/sbe/} plus the CompIDs and role.
 *
 * @param validate              check every incoming message against the dictionary (else session-level checks only)
 * @param heartBtIntSeconds     the HeartBtInt an initiator proposes (an acceptor takes the initiator's)
 * @param minHeartBtIntSeconds  the smallest HeartBtInt a Logon may ask for (else Logout and disconnect)
 * @param maxHeartBtIntSeconds  the largest HeartBtInt a Logon may ask for
 * @param maxSilenceSeconds     a session that receives no whole message for this long ends, whatever its HeartBtInt
 * @param maxLatencySeconds     largest |now - SendingTime| accepted (QuickFIX/J's MaxLatency, 120 s by default)
 * @param resetOnLogon          an acceptor starts both sides again at 1 at every Logon
 * @param resetOnDisconnect     both sides start again at 1 after every connection
 * @param maxConnections        an acceptor serves at most this many connections at once and refuses more
 * @param rememberedClOrdIds    the echo application remembers at most this many ClOrdIDs (for PossResend duplicates)
 * @param rememberedClOrdIdBytes ... and at most this many bytes of them (each counted at its length plus 96)
 * @param badInputLogPerSecond  at most this many log lines a second about bad input; the rest are counted
 * @param slowConsumerMillis    an acceptor's connection whose replies waiting to be sent leave less than
 *                              {@code maxMessageBytes} of its send buffer for this long ends as a slow consumer
 * @param idle                  busy-spin, yield or backoff between empty polls
 * @param replayLoadsRange      planted, for the resend-storm scenario's test: before answering a ResendRequest, copy
 *                              every stored message of its range onto the heap and keep the copies until the next
 *                              one, as a store that loads a whole range into memory does (quickfix-j #639); off by
 *                              default and in every profile
 * @param beginString           the BeginString both sides speak: FIX.4.4 for every sbe profile; another (FIX.4.2,
 *                              FIXT.1.1) only for the external engine's client ({@link #withBeginString})
 * @param logonFields           whole fields ("tag=value" and SOH) every Logon this side sends carries: none for every
 *                              sbe profile; Username, Password, DefaultApplVerID ... for the external engine's client
 */
public record SessionConfig(String senderCompId, String targetCompId, boolean acceptor, FixDictionary dictionary,
                            boolean validate, int heartBtIntSeconds, int minHeartBtIntSeconds,
                            int maxHeartBtIntSeconds, int maxSilenceSeconds, int maxLatencySeconds,
                            int maxMessageBytes, int bufferBytes, int storeBytes, int storeMessages,
                            int logonTimeoutMillis, int logoutTimeoutMillis, boolean resetOnLogon,
                            boolean resetOnDisconnect, int maxConnections, int rememberedClOrdIds,
                            int rememberedClOrdIdBytes, int badInputLogPerSecond, String idle,
                            int slowConsumerMillis, boolean replayLoadsRange, String beginString,
                            byte[] logonFields) {

    public SessionConfig {
        org.fixbench.fix.codec.Framing.begin(beginString); // checks it
        logonFields = logonFields.clone();
    }

    @Override
    public byte[] logonFields() {
        return logonFields.clone();
    }

    /** Reads a profile's properties (every key optional; keys and defaults in engines/sbe/README.md). */
    public static SessionConfig of(Properties p, String senderCompId, String targetCompId, boolean acceptor) {
        String validation = ProfileValues.choice(p, "sbe", "validation", "dictionary", "dictionary", "session");
        String idle = ProfileValues.choice(p, "sbe", "idle", "spin", "spin", "yield", "backoff");
        String dictionaryPath = p.getProperty("dictionary", "").trim();
        FixDictionary dictionary = dictionaryPath.isEmpty() ? Bundled.FIX44 : FixDictionary.load(Path.of(dictionaryPath));
        int minHeartBtInt = nonNegative(p, "minHeartBtInt", 1);
        int maxHeartBtInt = positive(p, "maxHeartBtInt", 3_600);
        if (minHeartBtInt > maxHeartBtInt) {
            throw new IllegalArgumentException("sbe profile: minHeartBtInt " + minHeartBtInt
                    + " is above maxHeartBtInt " + maxHeartBtInt);
        }
        return new SessionConfig(senderCompId, targetCompId, acceptor, dictionary, validation.equals("dictionary"),
                positive(p, "heartBtInt", 30), minHeartBtInt, maxHeartBtInt, positive(p, "maxSilenceSeconds", 600),
                positive(p, "maxLatencySeconds", 120), positive(p, "maxMessageBytes", 8192),
                positive(p, "bufferBytes", 1 << 20), positive(p, "storeBytes", 64 << 20),
                positive(p, "storeMessages", 1 << 20), positive(p, "logonTimeoutMillis", 10_000),
                positive(p, "logoutTimeoutMillis", 2_000), flag(p, "resetOnLogon", false),
                flag(p, "resetOnDisconnect", false), positive(p, "maxConnections", 16),
                positive(p, "rememberedClOrdIds", 100_000), positive(p, "rememberedClOrdIdBytes", 16 << 20),
                positive(p, "badInputLogPerSecond", 10), idle, positive(p, "slowConsumerMillis", 10_000),
                flag(p, "replayLoadsRange", false), org.fixbench.fix.codec.Framing.FIX44, new byte[0]);
    }

    /** This side with other CompIDs: one of an initiator's many sessions. */
    public SessionConfig withCompIds(String sender, String target) {
        return new SessionConfig(sender, target, acceptor, dictionary, validate, heartBtIntSeconds,
                minHeartBtIntSeconds, maxHeartBtIntSeconds, maxSilenceSeconds, maxLatencySeconds, maxMessageBytes,
                bufferBytes, storeBytes, storeMessages, logonTimeoutMillis, logoutTimeoutMillis, resetOnLogon,
                resetOnDisconnect, maxConnections, rememberedClOrdIds, rememberedClOrdIdBytes, badInputLogPerSecond,
                idle, slowConsumerMillis, replayLoadsRange, beginString, logonFields);
    }

    /**
     * This side speaking {@code begin} (FIX.4.2, FIX.4.4, FIXT.1.1 ...) with {@code fields} ("tag=value" and SOH,
     * whole) on every Logon it sends: an initiator logging on to an acceptor it did not build.
     */
    public SessionConfig withBeginString(String begin, byte[] fields) {
        return new SessionConfig(senderCompId, targetCompId, acceptor, dictionary, validate, heartBtIntSeconds,
                minHeartBtIntSeconds, maxHeartBtIntSeconds, maxSilenceSeconds, maxLatencySeconds, maxMessageBytes,
                bufferBytes, storeBytes, storeMessages, logonTimeoutMillis, logoutTimeoutMillis, resetOnLogon,
                resetOnDisconnect, maxConnections, rememberedClOrdIds, rememberedClOrdIdBytes, badInputLogPerSecond,
                idle, slowConsumerMillis, replayLoadsRange, begin, fields);
    }

    /** The least store a session gets when {@link #storeSharedBy} divides the profile's among many. */
    public static final int MIN_SHARED_STORE_BYTES = 64 * 1024;
    public static final int MIN_SHARED_STORE_MESSAGES = 64;

    /**
     * The store bounds of one of {@code sessions} sessions on one side: the profile's {@code storeBytes} and
     * {@code storeMessages} are that side's total, so each session gets its share (at least
     * {@link #MIN_SHARED_STORE_BYTES} and {@link #MIN_SHARED_STORE_MESSAGES}); one session keeps them whole.
     */
    public SessionConfig storeSharedBy(int sessions) {
        if (sessions <= 1) {
            return this;
        }
        return new SessionConfig(senderCompId, targetCompId, acceptor, dictionary, validate, heartBtIntSeconds,
                minHeartBtIntSeconds, maxHeartBtIntSeconds, maxSilenceSeconds, maxLatencySeconds, maxMessageBytes,
                bufferBytes, Math.max(MIN_SHARED_STORE_BYTES, storeBytes / sessions),
                Math.max(MIN_SHARED_STORE_MESSAGES, storeMessages / sessions), logonTimeoutMillis,
                logoutTimeoutMillis, resetOnLogon, resetOnDisconnect, maxConnections, rememberedClOrdIds,
                rememberedClOrdIdBytes, badInputLogPerSecond, idle, slowConsumerMillis, replayLoadsRange, beginString,
                logonFields);
    }

    /** The bundled FIX 4.4 dictionary, loaded once per JVM. */
    public static final class Bundled {
        public static final FixDictionary FIX44 = FixDictionary.load(null);

        private Bundled() {
        }
    }

    private static int positive(Properties p, String key, int fallback) {
        return ProfileValues.positiveInt(p, "sbe", key, fallback);
    }

    private static int nonNegative(Properties p, String key, int fallback) {
        String value = p.getProperty(key);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("sbe profile: " + key + " must be a whole number of 0 or more, not '"
                + value.trim() + "'");
    }

    private static boolean flag(Properties p, String key, boolean fallback) {
        return ProfileValues.choice(p, "sbe", key, fallback ? "Y" : "N", "Y", "N").equals("Y");
    }

    /** The idle strategy a profile's {@code idle} names: spin, yield, or back off. */
    public static org.agrona.concurrent.IdleStrategy idleStrategy(String name) {
        return switch (name) {
            case "spin" -> new org.agrona.concurrent.BusySpinIdleStrategy();
            case "yield" -> new org.agrona.concurrent.YieldingIdleStrategy();
            default -> new org.agrona.concurrent.BackoffIdleStrategy(1, 1, 1_000, 100_000);
        };
    }
}
