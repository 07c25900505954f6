package org.fixbench.harness;

/** A benchmark could not be set up or carried on; the message is meant for the person running it. */
public class HarnessException extends RuntimeException {
    public HarnessException(String message) {
        super(message);
    }

    public HarnessException(String message, Throwable cause) {
        super(message, cause);
    }
}
