import { Icon as LineIcon, type IconProps } from '../../components/ui/icons';

/*
 * The catalog pages' line icons. Kept out of components/ui so the start-up script does not carry
 * icons only catalog pages draw; they share its frame with a slightly finer stroke.
 */
function Icon(props: IconProps) {
  return <LineIcon strokeWidth="1.5" {...props} />;
}

/** Points to the inline end (right in English); mirror with rtl:-scale-x-100. */
export const ArrowForwardIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);
export const ArrowBackIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Icon>
);
export const ReturnIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9h11a5 5 0 0 1 0 10H8" />
    <path d="m8 5-4 4 4 4" />
  </Icon>
);
export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
    <path d="M10.5 18.5h3" />
  </Icon>
);
export const ComputerIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="4" width="19" height="12.5" rx="1.5" />
    <path d="M8 20.5h8M12 16.5v4" />
  </Icon>
);
export const SmartWatchIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6" y="6.5" width="12" height="11" rx="2.5" />
    <path d="M8.5 6.5 9.3 2.5h5.4l.8 4M8.5 17.5l.8 4h5.4l.8-4M12 9.5V12l1.5 1.5" />
  </Icon>
);
export const CameraIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 8a1.5 1.5 0 0 1 1.5-1.5h2.8L9 4h6l1.7 2.5h2.8A1.5 1.5 0 0 1 21 8v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18z" />
    <circle cx="12" cy="12.8" r="3.6" />
  </Icon>
);
export const HeadphonesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 16v-4a8.5 8.5 0 0 1 17 0v4" />
    <rect x="3" y="14" width="4.5" height="7" rx="1.5" />
    <rect x="16.5" y="14" width="4.5" height="7" rx="1.5" />
  </Icon>
);
export const GamepadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 7h10a5 5 0 0 1 4.8 6.4l-1 3.4a2.6 2.6 0 0 1-4.6.9L14.5 16h-5l-1.7 1.7a2.6 2.6 0 0 1-4.6-.9l-1-3.4A5 5 0 0 1 7 7z" />
    <path d="M8 10v3M6.5 11.5h3" />
    <circle cx="15.5" cy="10.8" r=".6" fill="currentColor" />
    <circle cx="17.5" cy="12.6" r=".6" fill="currentColor" />
  </Icon>
);
