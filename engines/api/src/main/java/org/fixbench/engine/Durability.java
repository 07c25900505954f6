package org.fixbench.engine;

import java.util.Locale;

/**
 * Where an engine's sessions keep their sequence numbers and the messages they sent (for resends), as a profile sets
 * it: what a crash of the process, or of the machine, leaves of a session. Reports name it in one word.
 */
public enum Durability {
    /** No FIX session, nothing to keep (the raw-TCP floor). */
    NONE,
    /** In the process's memory: gone with the process. */
    MEMORY,
    /** Written to a file, not synced: it outlives the process (the kernel's page cache), not the machine. */
    FILE,
    /** Written to a file and synced to the disk message by message: it outlives the machine. */
    SYNCED,
    /** The suite cannot tell: a black box keeps what its own configuration says. */
    UNKNOWN;

    /** The word a report shows. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
