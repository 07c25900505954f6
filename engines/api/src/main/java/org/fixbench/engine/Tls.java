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
    /**
     * {@link #SETTING} in an engine file (an acceptor fixbench did not build): also {@code native}, the acceptor's
     * own TLS, with the client reaching it through a terminator.
     */
    public static final Setting FILE_SETTING = Setting.choice("tls", "none", "TLS for the sessions: none (plain "
            + "TCP), terminator (Debian's stunnel in front of the acceptor and of the client, certificates made for "
            + "the run) or native (the acceptor's own TLS: its command takes {tlsCertificate} and {tlsKey}, made for "
            + "the run, and {tlsProtocol}; one that runs elsewhere is trusted through tlsTrust; the client reaches it "
            + "through stunnel)", "none", "terminator", "native");
    /** The one protocol version both ends allow. */
    public static final Setting PROTOCOL = Setting.choice("tlsProtocol", "TLSv1.3", "the one TLS protocol version "
            + "both ends allow (with tls=terminator or native)", "TLSv1.3", "TLSv1.2");

    /** The start of the engine note that says what a TLS session negotiated ({@link #negotiatedNote}). */
    static final String NOTE = "TLS ";
    /** What a note says when the protocol and cipher could not be read. */
    public static final String NOT_READ = "(protocol and cipher not read)";

    /**
     * The engine note of a TLS session: {@code negotiated} (e.g. {@code TLSv1.3 TLS_AES_256_GCM_SHA384}, or
     * {@link #NOT_READ}) and {@code through} what (the terminator, or the engine's own).
     */
    public static String negotiatedNote(String negotiated, String through) {
        return NOTE + negotiated + " through " + through;
    }

    /** The negotiated protocol and cipher a run's engine notes hold ({@link #negotiatedNote}), or null. */
    public static String negotiatedOf(java.util.List<String> notes) {
        for (String note : notes) {
            if (note.startsWith(NOTE) && note.contains(" through ")) {
                return note.substring(NOTE.length(), note.indexOf(" through "));
            }
        }
        return null;
    }

    /** The word a report shows. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * What {@code profileFile} sets with {@link #SETTING} ({@link #NONE} when it sets nothing). @throws
     * IllegalArgumentException (one line) for a value the setting does not allow
     */
    public static Tls configured(Path profileFile) {
        return configured(profileFile, SETTING);
    }

    /** As {@link #configured(Path)}, for an engine file ({@link #FILE_SETTING}: also {@link #NATIVE}). */
    public static Tls configuredInEngineFile(Path engineFile) {
        return configured(engineFile, FILE_SETTING);
    }

    private static Tls configured(Path file, Setting setting) {
        String value = FixConfigs.properties(file).getProperty(setting.key(), setting.defaultValue()).trim();
        String problem = setting.problem(value);
        if (problem != null) {
            throw new IllegalArgumentException(file + ": " + setting.key() + " " + problem + " (was '" + value + "')");
        }
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** The protocol {@code profileFile} sets with {@link #PROTOCOL}. */
    public static String protocol(Path profileFile) {
        return FixConfigs.properties(profileFile).getProperty(PROTOCOL.key(), PROTOCOL.defaultValue()).trim();
    }
}
