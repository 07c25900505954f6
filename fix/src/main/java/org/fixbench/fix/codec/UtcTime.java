package org.fixbench.fix.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * FIX UTCTimestamp ({@code yyyyMMdd-HH:mm:ss[.sss]}) to and from epoch milliseconds, without allocating (civil
 * calendar arithmetic, proleptic Gregorian, UTC).
 */
public final class UtcTime {
    /** Bytes written by {@link #format}: {@code yyyyMMdd-HH:mm:ss.sss}. */
    public static final int LENGTH = 21;
    public static final long INVALID = Long.MIN_VALUE;

    private UtcTime() {
    }

    /** Writes {@code epochMillis} as a millisecond UTCTimestamp at {@code offset}; returns {@link #LENGTH}. */
    public static int format(long epochMillis, MutableDirectBuffer out, int offset) {
        long days = Math.floorDiv(epochMillis, 86_400_000L);
        long msOfDay = Math.floorMod(epochMillis, 86_400_000L);
        // days since 1970-01-01 to civil date
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long doe = z - era * 146_097;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long day = doy - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        int p = offset;
        p = digits(out, p, year, 4);
        p = digits(out, p, month, 2);
        p = digits(out, p, day, 2);
        out.putByte(p++, (byte) '-');
        p = digits(out, p, msOfDay / 3_600_000, 2);
        out.putByte(p++, (byte) ':');
        p = digits(out, p, (msOfDay / 60_000) % 60, 2);
        out.putByte(p++, (byte) ':');
        p = digits(out, p, (msOfDay / 1000) % 60, 2);
        out.putByte(p++, (byte) '.');
        digits(out, p, msOfDay % 1000, 3);
        return LENGTH;
    }

    private static int digits(MutableDirectBuffer out, int p, long value, int width) {
        for (int k = width - 1; k >= 0; k--) {
            out.putByte(p + k, (byte) ('0' + value % 10));
            value /= 10;
        }
        return p + width;
    }

    /**
     * Parses a UTCTimestamp (seconds, or with 3, 6 or 9 fraction digits) to epoch milliseconds; {@link #INVALID}
     * when the bytes are not one or a part is out of range.
     */
    public static long parse(DirectBuffer in, int start, int length) {
        if (length != 17 && length != 21 && length != 24 && length != 27) {
            return INVALID;
        }
        long date = number(in, start, 8);
        if (date < 0 || in.getByte(start + 8) != '-') {
            return INVALID;
        }
        long ms = timeOfDay(in, start + 9, length - 9);
        if (ms < 0) {
            return INVALID;
        }
        long days = days(date);
        return days == INVALID ? INVALID : days * 86_400_000L + ms;
    }

    /** {@code HH:mm:ss[.sss]} (also 6 or 9 fraction digits) to milliseconds of the day, -1 if invalid. */
    public static long timeOfDay(DirectBuffer in, int start, int length) {
        if (length != 8 && length != 12 && length != 15 && length != 18) {
            return -1;
        }
        long h = number(in, start, 2);
        long m = number(in, start + 3, 2);
        long s = number(in, start + 6, 2);
        if (h < 0 || m < 0 || s < 0 || h > 23 || m > 59 || s > 60
                || in.getByte(start + 2) != ':' || in.getByte(start + 5) != ':') {
            return -1;
        }
        long ms = 0;
        if (length > 8) {
            if (in.getByte(start + 8) != '.' || number(in, start + 9, length - 9) < 0) {
                return -1;
            }
            ms = number(in, start + 9, 3);
        }
        return ((h * 60 + m) * 60 + s) * 1000 + ms;
    }

    /** {@code yyyyMMdd} as a number to days since the epoch, {@link #INVALID} if not a date. */
    public static long days(long yyyymmdd) {
        long year = yyyymmdd / 10_000;
        long month = (yyyymmdd / 100) % 100;
        long day = yyyymmdd % 100;
        if (month < 1 || month > 12 || day < 1 || day > 31) {
            return INVALID;
        }
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146_097 + doe - 719_468;
    }

    public static boolean isDate(DirectBuffer in, int start, int length) {
        return length == 8 && number(in, start, 8) >= 0 && days(number(in, start, 8)) != INVALID;
    }

    /** Digits only, as a number; -1 if any byte is not a digit. */
    public static long number(DirectBuffer in, int start, int length) {
        long v = 0;
        for (int i = 0; i < length; i++) {
            byte b = in.getByte(start + i);
            if (b < '0' || b > '9') {
                return -1;
            }
            v = v * 10 + (b - '0');
        }
        return v;
    }
}
