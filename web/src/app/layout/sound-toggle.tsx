import { SoundOffIcon, SoundOnIcon } from '@/components/ui/icons';
import { useSound } from '@/lib/sound-context';

export function SoundToggle() {
  const { enabled, toggle } = useSound();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={enabled}
      aria-label={enabled ? 'Mute sound' : 'Unmute sound'}
      title={enabled ? 'Sound on' : 'Sound off'}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-xl border transition ${
        enabled
          ? 'border-neon-cyan/50 text-neon-cyan hover:bg-neon-cyan/10'
          : 'border-white/15 text-white/70 hover:bg-white/10'
      }`}
    >
      {enabled ? <SoundOnIcon /> : <SoundOffIcon />}
    </button>
  );
}
