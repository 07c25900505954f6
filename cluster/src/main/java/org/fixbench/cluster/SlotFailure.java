package org.fixbench.cluster;

/** A turn across hosts that could not go on: its one line names the host. */
final class SlotFailure extends Exception {
    SlotFailure(String message) {
        super(message, null, false, false);
    }
}
