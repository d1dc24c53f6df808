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

// TestGatewayPagesGrownByAPage: a gateway listing newest first that gains
// exactly a page of items between two reads answers the page before again,
// with a count that grew: not a gateway ignoring offset.
func TestGatewayPagesGrownByAPage(t *testing.T) {
	t.Parallel()
	page1 := make([]int, GatewayMaxPage)
	for i := range page1 {
		page1[i] = 200 - i
	}
	seq := gatewayPages(context.Background(), "get_template (/tpl/v1/get_template)", 0, func(_ context.Context, p GatewayPage) ([]int, int, error) {
		switch p.Offset {
		case 0:
			return page1, 80, nil
		case GatewayMaxPage: // 50 newer ones arrived: the first page again
			return page1, 130, nil
		case 2 * GatewayMaxPage:
			return []int{150, 149}, 130, nil
		}
		return nil, 130, nil
	})
	n := 0
	for _, err := range seq {
		if err != nil {
			t.Fatalf("a listing grown by a page between two reads: %v", err)
		}
		n++
	}
	if n != 2*GatewayMaxPage+2 {
		t.Errorf("%d items read, want %d", n, 2*GatewayMaxPage+2)
	}
}
