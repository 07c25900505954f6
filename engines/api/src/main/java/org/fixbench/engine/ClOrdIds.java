package org.fixbench.engine;

/**
 * The ClOrdID (11) codec every client shares: the intended start time in decimal, then, with any workload but
 * {@code fixed}, {@code -}, the order's index in the cycle and 0 to 8 letters ({@link Order#clOrdIdTail()}).
 */
public final class ClOrdIds {
    private ClOrdIds() {
    }

    /** The decimal number {@code text} starts with (the intended start time of a ClOrdID); -1 if none. */
    public static long leadingNumber(CharSequence text) {
        long n = 0;
        int i = 0;
        for (; i < text.length() && i < 19; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            n = n * 10 + (c - '0');
        }
        return i == 0 ? -1 : n;
    }

    /** The cycle index in a ClOrdID's tail ({@code TIME-INDEX...}); -1 if it has none. */
    public static int indexOf(CharSequence clOrdId) {
        int i = 0;
        while (i < clOrdId.length() && clOrdId.charAt(i) >= '0' && clOrdId.charAt(i) <= '9') {
            i++;
        }
        if (i == clOrdId.length() || clOrdId.charAt(i) != '-') {
            return -1;
        }
        int n = 0;
        int digits = 0;
        for (i++; i < clOrdId.length() && digits < 9; i++, digits++) {
            char c = clOrdId.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            n = n * 10 + (c - '0');
        }
        return digits == 0 ? -1 : n;
    }
}
