package client

import (
	"context"
	"testing"
)

// TestGatewayPagesReadAgain: a listing read twice through one iterator (a
// caller that ranges over it again) is not taken, on its second read, for
// a gateway answering the same items at every offset: the check compares a
// page with the one before it in the same read only.
func TestGatewayPagesReadAgain(t *testing.T) {
	t.Parallel()
	calls := 0
	seq := gatewayPages(context.Background(), "get_sign (/sign/v1/get_sign)", 0, func(_ context.Context, p GatewayPage) ([]int, int, error) {
		calls++
		if p.Offset > 0 {
			return nil, 3, nil
		}
		return []int{1, 2, 3}, 3, nil
	})
	for read := 1; read <= 2; read++ {
		var got []int
		for v, err := range seq {
			if err != nil {
				t.Fatalf("read %d: %v", read, err)
			}
			got = append(got, v)
		}
		if len(got) != 3 {
			t.Errorf("read %d: %v, want the 3 items", read, got)
		}
	}
	if calls != 2 {
		t.Errorf("%d calls, want one a read", calls)
	}
}
