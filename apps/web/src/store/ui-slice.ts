import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The seed's shared UI flags. */
export interface UiState {
  /** Set when a product was just added to the cart; the confirmation clears it. */
  cartAdded: boolean;
  /** Whether the header shows the cart and wishlist icons. */
  cartIconsVisible: boolean;
  /** Whether a shopper is signed in; follows the session. */
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

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    setCartAdded(state, action: PayloadAction<boolean>) {
      state.cartAdded = action.payload;
    },
    setCartIconsVisible(state, action: PayloadAction<boolean>) {
      state.cartIconsVisible = action.payload;
    },
    setUser(state, action: PayloadAction<boolean>) {
      state.user = action.payload;
    },
    setFilterText(state, action: PayloadAction<string>) {
      state.filterText = action.payload;
    },
  },
});

export const { setCartAdded, setCartIconsVisible, setUser, setFilterText } = uiSlice.actions;
