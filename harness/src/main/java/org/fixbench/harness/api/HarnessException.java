package org.fixbench.harness.api;

/** A benchmark could not be set up or carried on; the message is meant for the person running it. */
public class HarnessException extends RuntimeException {
    public HarnessException(String message) {
        super(message);
    }

    public HarnessException(String message, Throwable cause) {
        super(message, cause);
    }

    /** A throwable in one line: its simple class name and its message. */
    public static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
