package fsrsfit

import (
	"bytes"
	"testing"
)

// FuzzReadRevlog: any file given as a review log is read or refused with an error, and what is
// read makes a log or an error, never a panic.
func FuzzReadRevlog(f *testing.F) {
	f.Add([]byte("card_id,review_th,delta_t,rating,state\n7,1,-1,3,0\n7,2,3,1,2\n\n8,3,-1,4,0\n7,4,0,3,3\n"))
	f.Add([]byte("card_id,review_th,delta_t,rating\n1,1,-1,9\n"))
	f.Add([]byte("\xef\xbb\xbfcard_id;review_th\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, err := ReadRevlog(bytes.NewReader(data), "log.csv")
		if err != nil {
			return
		}
		NewLog(rs)
	})
}
