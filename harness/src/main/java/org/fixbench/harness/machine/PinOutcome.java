package org.fixbench.harness.machine;

/** What happened when a thread asked to be pinned: printed and recorded with the results. */
public record PinOutcome(String role, String thread, int cpu, boolean pinned, String note)
        implements java.io.Serializable {
    public String describe() {
        return role + " (" + thread + "): " + (pinned ? "pinned to CPU " + cpu : "unpinned") + " - " + note;
    }
}
