import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The seed's shared UI flags. */
export interface UiState {
  /** Set when a product was just added to the cart; the confirmation clears it. */
  cartAdded: boolean;
  /** Whether the header shows the cart and wishlist icons (the seed's flag; always shown). */
  cartIconsVisible: boolean;
  /**
   * Whether a shopper is signed in. Derived from the session query alone
   * (features/auth/use-session-sync.ts); nothing else sets it.
   */
  user: boolean;
  /** The current search text. */
  filterText: string;
}

export const initialUiState: UiState = {
  cartAdded: false,
  cartIconsVisible: true,
  user: false,
  filterText: '',
};

/** Actions say what happened; the reducers decide what the flags become. */
export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    productAddedToCart(state) {
      state.cartAdded = true;
    },
    cartAddedNoticeDismissed(state) {
      state.cartAdded = false;
    },
    /** The server answered who is signed in. */
    sessionChanged(state, action: PayloadAction<{ signedIn: boolean }>) {
      state.user = action.payload.signedIn;
    },
    searchSubmitted(state, action: PayloadAction<string>) {
      state.filterText = action.payload;
    },
  },
});

export const { productAddedToCart, cartAddedNoticeDismissed, sessionChanged, searchSubmitted } =
  uiSlice.actions;
