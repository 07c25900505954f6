package org.fixbench.fix.codec;

/**
 * Which fields give the length of a data field that follows them (RawDataLength before RawData and the like): the
 * one thing indexing needs from a dictionary, so that a data field's value may hold SOH. A dictionary implements it;
 * the codec knows no dictionary.
 */
public interface DataFieldLengths {
    /** Per tag, the tag of the length field a data field takes its length from (0 for other tags); not to be changed. */
    int[] dataLengthTags();
}
