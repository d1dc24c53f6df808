package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
)

func TestIsAmbiguous(t *testing.T) {
	cases := map[string]struct {
		err  error
		want bool
	}{
		"nil":                {nil, false},
		"transport":          {errors.New("dial tcp: connection reset"), true},
		"5xx":                {&APIError{HTTPStatus: http.StatusBadGateway, Code: -1}, true},
		"wrapped 5xx":        {fmt.Errorf("assign: %w", &APIError{HTTPStatus: 504, Code: -1}), true},
		"gateway retry code": {&APIError{HTTPStatus: 200, Code: 1010, Retryable: true}, true},
		"business code":      {&APIError{HTTPStatus: 200, Code: 407}, false},
		"429":                {&APIError{HTTPStatus: http.StatusTooManyRequests}, false},
		"canceled":           {fmt.Errorf("x: %w", context.Canceled), false},
	}
	for name, tc := range cases {
		if got := IsAmbiguous(tc.err); got != tc.want {
			t.Errorf("%s: IsAmbiguous = %v, want %v", name, got, tc.want)
		}
	}
}
