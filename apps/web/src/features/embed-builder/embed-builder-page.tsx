import {
  Alert,
  Button,
  Code,
  ColorInput,
  CopyButton,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { PageLoading } from '../../components/page-loading';
import { EmbedPreview } from './embed-preview';
import {
  DEFAULT_EMBED_COLORS,
  embedAttributes,
  embedSnippet,
  type EmbedMode,
  type EmbedSettings,
} from './embed-snippet';
import { useEmbedChoices, type EmbedChoices } from './use-embed-choices';

const MODES: { value: EmbedMode; label: string }[] = [
  { value: 'products', label: 'All products' },
  { value: 'product', label: 'One product' },
  { value: 'club', label: 'A club’s sign-up' },
  { value: 'events', label: 'Upcoming events' },
];

const HEX = /^#[0-9a-f]{6}$/i;

/** Colours that suit most sites: dark accents and texts, light backgrounds. */
const SWATCHES = [
  '#7a1f3d',
  '#1f4d7a',
  '#2f6b3a',
  '#8a5a12',
  '#222222',
  '#555555',
  '#ffffff',
  '#faf7f2',
  '#f3f6f9',
  '#fdf3f5',
  '#f4f8f1',
  '#000000',
];

/** A hex colour, typed or picked from the swatches. */
function ColourField(props: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <ColorInput
      {...props}
      format="hex"
      withEyeDropper={false}
      // Mantine's picker sliders have no accessible names: swatches and typing instead.
      withPicker={false}
      swatches={SWATCHES}
      swatchesPerRow={6}
    />
  );
}

function SnippetBuilder({
  business,
  choices,
}: {
  business: FramedBusiness;
  choices: EmbedChoices;
}) {
  const [settings, setSettings] = useState<EmbedSettings>({
    business: business.slug,
    mode: 'products',
    product: choices.products[0]?.id ?? '',
    club: '',
    ...DEFAULT_EMBED_COLORS,
  });
  const set = (change: Partial<EmbedSettings>) => setSettings((now) => ({ ...now, ...change }));
  // The preview follows only colours the browser can read; a half-typed one waits.
  const shown: EmbedSettings = {
    ...settings,
    accent: HEX.test(settings.accent) ? settings.accent : DEFAULT_EMBED_COLORS.accent,
    text: HEX.test(settings.text) ? settings.text : DEFAULT_EMBED_COLORS.text,
    background: HEX.test(settings.background)
      ? settings.background
      : DEFAULT_EMBED_COLORS.background,
  };
  const snippet = embedSnippet(window.location.origin, shown);

  return (
    <Stack gap="lg">
      <Text maw={720}>
        Put your shop on your own website: copy this snippet into any page. It shows your retail
        prices and where you ship, and ‘Add to cart’ opens your products in the buyer’s cart here.
        It keeps its own look, whatever your site’s styles.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <Radio.Group
            label="What to show"
            value={settings.mode}
            onChange={(value) => set({ mode: value as EmbedMode })}
          >
            <Stack gap="xs" mt="xs">
              {MODES.map((mode) => (
                <Radio key={mode.value} value={mode.value} label={mode.label} />
              ))}
            </Stack>
          </Radio.Group>
          {settings.mode === 'product' ? (
            <Select
              label="Product"
              data={choices.products.map((product) => ({ value: product.id, label: product.name }))}
              value={settings.product || null}
              onChange={(value) => set({ product: value ?? '' })}
              nothingFoundMessage="No products for sale"
              searchable
              allowDeselect={false}
            />
          ) : null}
          {settings.mode === 'club' ? (
            <Select
              label="Club"
              data={[
                { value: '', label: 'Every open club' },
                ...choices.clubs.map((club) => ({ value: club.key, label: club.name })),
              ]}
              value={settings.club}
              onChange={(value) => set({ club: value ?? '' })}
              allowDeselect={false}
            />
          ) : null}
          <ColourField
            label="Accent colour"
            description="Buttons and links"
            value={settings.accent}
            onChange={(accent) => set({ accent })}
          />
          <ColourField
            label="Text colour"
            value={settings.text}
            onChange={(text) => set({ text })}
          />
          <ColourField
            label="Background colour"
            value={settings.background}
            onChange={(background) => set({ background })}
          />
          <TextInput
            label="Font"
            description="‘inherit’ uses your page’s font; or name one, such as Georgia"
            value={settings.font}
            onChange={(event) => set({ font: event.currentTarget.value })}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Your snippet
          </Title>
          <Code block aria-label="Embed snippet" style={{ whiteSpace: 'pre-wrap' }}>
            {snippet}
          </Code>
          <CopyButton value={snippet}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                variant={copied ? 'light' : 'filled'}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy snippet'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Preview
        </Title>
        <Paper withBorder radius="md" p="md">
          <EmbedPreview attributes={embedAttributes(shown)} />
        </Paper>
      </Stack>
    </Stack>
  );
}

function EmbedBuilder({ business }: { business: FramedBusiness }) {
  const state = useEmbedChoices(business.slug);
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed') {
    return (
      <Alert color="red" title="The embed settings could not load" role="alert">
        {state.message}
      </Alert>
    );
  }
  return <SnippetBuilder business={business} choices={state.choices} />;
}

/** `/business/:slug/embed`: builds the snippet that puts the shop on the producer's website. */
export function EmbedBuilderPage() {
  return (
    <BusinessFrame title={() => 'Embed your shop'}>
      {(business) => <EmbedBuilder business={business} />}
    </BusinessFrame>
  );
}
