package stats

import (
	"encoding/binary"
	"slices"
)

// Times is a histogram of response times, fine enough for medians and quartiles: 100 ms
// buckets up to 30 s, 1 s buckets up to 5 min, then one bucket for anything slower. The daily
// sums keep one per group, so that a window's quartiles need no pass over its answers.
type Times map[int]int64

const (
	fineMS      = 30_000  // 100 ms buckets below this
	coarseMS    = 300_000 // 1 s buckets below this
	fineBuckets = fineMS / 100
	lastBucket  = fineBuckets + (coarseMS-fineMS)/1000
)

// timeBucket is the bucket of a response time in milliseconds.
func timeBucket(ms int64) int {
	switch {
	case ms < 0:
		return 0
	case ms < fineMS:
		return int(ms / 100)
	case ms < coarseMS:
		return fineBuckets + int((ms-fineMS)/1000)
	}
	return lastBucket
}

// bucketRange is the times [lo, hi) in milliseconds a bucket holds (the last is [5 min, 5 min]).
func bucketRange(b int) (lo, hi float64) {
	switch {
	case b < fineBuckets:
		return float64(b) * 100, float64(b+1) * 100
	case b < lastBucket:
		lo = fineMS + float64(b-fineBuckets)*1000
		return lo, lo + 1000
	}
	return coarseMS, coarseMS
}

// Add counts one response time.
func (t Times) Add(ms int64) { t[timeBucket(ms)]++ }

// Merge adds another histogram's counts.
func (t Times) Merge(o Times) {
	for b, n := range o {
		t[b] += n
	}
}

// Count is how many times are in the histogram.
func (t Times) Count() int64 {
	var n int64
	for _, c := range t {
		n += c
	}
	return n
}

// Quantile is the q-quantile (0..1) in seconds, interpolated within its bucket as if its
// times were spread evenly; 0 for an empty histogram.
func (t Times) Quantile(q float64) float64 {
	n := t.Count()
	if n == 0 {
		return 0
	}
	buckets := make([]int, 0, len(t))
	for b := range t {
		buckets = append(buckets, b)
	}
	slices.Sort(buckets)
	target := q * float64(n)
	var cum float64
	for _, b := range buckets {
		c := float64(t[b])
		if cum+c >= target {
			lo, hi := bucketRange(b)
			frac := 0.0
			if c > 0 {
				frac = (target - cum) / c
			}
			return (lo + frac*(hi-lo)) / 1000
		}
		cum += c
	}
	lo, _ := bucketRange(buckets[len(buckets)-1])
	return lo / 1000
}

// Encode writes the histogram compactly: (bucket, count) pairs as uvarints, buckets ascending.
func (t Times) Encode() []byte {
	buckets := make([]int, 0, len(t))
	for b, c := range t {
		if c > 0 {
			buckets = append(buckets, b)
		}
	}
	slices.Sort(buckets)
	out := make([]byte, 0, 4*len(buckets))
	for _, b := range buckets {
		out = binary.AppendUvarint(out, uint64(b))
		out = binary.AppendUvarint(out, uint64(t[b]))
	}
	return out
}

// Decode reads what Encode wrote into t (adding to what it holds). Bytes that do not
// decode end the reading: a damaged histogram costs quartiles, never the report.
func (t Times) Decode(b []byte) {
	for len(b) > 0 {
		bucket, n := binary.Uvarint(b)
		if n <= 0 {
			return
		}
		b = b[n:]
		count, n := binary.Uvarint(b)
		if n <= 0 || bucket > lastBucket {
			return
		}
		b = b[n:]
		t[int(bucket)] += int64(count)
	}
}

// mergeEncoded adds two encoded histograms (the store's merge for stats_days).
func mergeEncoded(old, add []byte) []byte {
	t := Times{}
	t.Decode(old)
	t.Decode(add)
	return t.Encode()
}
