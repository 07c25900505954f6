package org.fixbench.engine;

import java.nio.file.Path;
import java.util.Locale;

/**
 * How an engine's sessions speak TLS, as a profile sets it: not at all (plain TCP), through a terminator in front of
 * its server and its client ({@link Stunnel}: for an engine that has no TLS of its own, and for the raw-TCP floor),
 * or natively (the engine's own TLS, as QuickFIX/J's). Reports name it in one word, with the protocol and cipher the
 * run negotiated.
 */
public enum Tls {
    /** Plain TCP. */
    NONE,
    /** Debian's stunnel in front of the server and of the client, each pinned and watched as the engine's threads. */
    TERMINATOR,
    /** The engine's own TLS. */
    NATIVE;

    /** The key of a profile that sets it, for every engine that has no TLS of its own. */
    public static final Setting SETTING = Setting.choice("tls", "none", "TLS for the sessions: none (plain TCP) or "
            + "terminator (Debian's stunnel in front of the server and of the client, certificates made for the run)",
            "none", "terminator");
    /** The one protocol version both ends allow. */
    public static final Setting PROTOCOL = Setting.choice("tlsProtocol", "TLSv1.3", "the one TLS protocol version "
            + "both ends allow (with tls=terminator)", "TLSv1.3", "TLSv1.2");

    /** The word a report shows. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What {@code profileFile} sets with {@link #SETTING} ({@link #NONE} when it sets nothing). */
    public static Tls configured(Path profileFile) {
        String value = FixConfigs.properties(profileFile).getProperty(SETTING.key(), SETTING.defaultValue()).trim();
        return value.equals("terminator") ? TERMINATOR : NONE;
    }

    /** The protocol {@code profileFile} sets with {@link #PROTOCOL}. */
    public static String protocol(Path profileFile) {
        return FixConfigs.properties(profileFile).getProperty(PROTOCOL.key(), PROTOCOL.defaultValue()).trim();
    }
}
