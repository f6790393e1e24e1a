import { BEVERAGE_TYPES } from '@bevy/core';
import { productInputSchema } from '@bevy/core/schemas';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import type { FramedBusiness } from '../../components/business-frame';
import { ImageUpload } from '../../components/image-upload';
import type { VariablesOf } from '../../lib/graphql';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError, type ServerRefusal } from '../../lib/server-error';
import { DeleteProductDialog } from './delete-product-dialog';
import { manageProductsPath, type ManageNotice } from './manage-notice';
import {
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  PRODUCT_TYPENAMES,
  UPDATE_PRODUCT,
  type ManagedProduct,
} from './api/products';
import {
  emptyProductValues,
  formValuesToInput,
  productToFormValues,
  type ProductFormValues,
  type ProductInputVariables,
} from './product-mapping';
import { CLOSURE_STYLE_CATEGORY, FORMAT_CATEGORY, TagSelect } from './tag-select';
import { TierListField } from './tier-list-field';

const BOTTLE_IMAGE_PROMPT = 'Drag or upload a bottle image (.jpg, .png, .gif)';
const BEVERAGE_TYPE_OPTIONS = [...BEVERAGE_TYPES];

const checkProductInput = zod4Resolver(productInputSchema, { errorPriority: 'first' });

/** The shared schema's verdict on the form, keyed by the form's own paths. */
function validateProduct(values: ProductFormValues): FormErrors {
  return checkProductInput(formValuesToInput(values));
}

/** The server's `ProductInput`: the form's input once the shared schema accepts it. */
type ProductInput = VariablesOf<typeof CREATE_PRODUCT>['input'];

function isAcceptedInput(
  input: ProductInputVariables,
): input is ProductInputVariables & ProductInput {
  return productInputSchema.safeParse(input).success;
}

/**
 * Puts the keyboard on the first field in error, in the order the page shows them; a message with
 * no field of its own (a whole price list, the image) is scrolled into view instead.
 */
function focusFirstError(formElement: HTMLFormElement | null, errors: FormErrors) {
  if (!formElement) return;
  for (const node of formElement.querySelectorAll<HTMLElement>('[data-path]')) {
    if (node.dataset.path && errors[node.dataset.path]) {
      node.focus();
      return;
    }
  }
  formElement.querySelector('[role="alert"]')?.scrollIntoView({ block: 'center' });
}

/**
 * The Add Product and edit form: every field of a product, checked in the browser with the shared
 * schema and again by the server, whose messages show beside their fields. `product` is null when
 * adding.
 */
export function ProductForm({
  business,
  product,
}: {
  business: FramedBusiness;
  product: ManagedProduct | null;
}) {
  const navigate = useNavigate();
  const formElement = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [createState, createProduct] = useMutation(CREATE_PRODUCT);
  const [updateState, updateProduct] = useMutation(UPDATE_PRODUCT);
  const [deleteState, deleteProduct] = useMutation(DELETE_PRODUCT);
  const form = useForm<ProductFormValues>({
    initialValues: product ? productToFormValues(product, business.name) : emptyProductValues(),
    validate: validateProduct,
    onValuesChange: () => setSaved(false),
  });
  const values = form.getValues();
  const managePath = manageProductsPath(business.slug);

  const showRefusal = (error: ServerRefusal) =>
    showServerRefusal(form, error, setRefusal, (errors) =>
      focusFirstError(formElement.current, errors),
    );

  const submit = async (submitted: ProductFormValues) => {
    setRefusal(null);
    setSaved(false);
    const input = formValuesToInput(submitted);
    // Always accepted here (the form was just checked with the same schema); narrows the type.
    if (!isAcceptedInput(input)) return;
    if (!product) {
      const result = await createProduct({ slug: business.slug, input }, PRODUCT_TYPENAMES);
      if (result.error || !result.data) {
        if (result.error) showRefusal(describeError(result.error));
        return;
      }
      const notice: ManageNotice = { notice: `${result.data.createProduct.name} was added.` };
      navigate(managePath, { state: notice });
      return;
    }
    const result = await updateProduct({ id: product.id, input }, PRODUCT_TYPENAMES);
    if (result.error || !result.data) {
      if (result.error) showRefusal(describeError(result.error));
      return;
    }
    // Show what the server kept (trimmed text, tiers in order), and count it as unchanged.
    const stored = productToFormValues(result.data.updateProduct, business.name);
    form.setValues(stored);
    form.resetDirty(stored);
    setSaved(true);
  };

  const confirmDelete = async () => {
    if (!product) return;
    setDeleteError(null);
    const result = await deleteProduct({ id: product.id }, PRODUCT_TYPENAMES);
    if (result.error) {
      setDeleteError(describeError(result.error).message);
      return;
    }
    const notice: ManageNotice = { notice: `${product.name} was deleted.` };
    navigate(managePath, { state: notice });
  };

  const saving = createState.fetching || updateState.fetching;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={760}>
      <form
        ref={formElement}
        noValidate
        onSubmit={form.onSubmit(submit, (errors) => focusFirstError(formElement.current, errors))}
      >
        <Stack gap="lg">
          {refusal ? (
            <Alert color="red" title="We could not save the product">
              {refusal}
            </Alert>
          ) : null}
          <TextInput
            label="Product name"
            required
            maxLength={150}
            {...form.getInputProps('name')}
          />
          <Select
            label="Beverage type"
            placeholder="Choose one"
            data={BEVERAGE_TYPE_OPTIONS}
            allowDeselect={false}
            required
            {...form.getInputProps('beverageType')}
          />
          <Textarea
            label="Short description"
            description="Up to 1000 characters, shown on the product tile as plain text."
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('shortDescription')}
          />
          <ImageUpload
            label="Bottle image"
            prompt={BOTTLE_IMAGE_PROMPT}
            slug={business.slug}
            value={values.bottleImageUrl}
            onChange={(fileUrl) => {
              form.setFieldValue('bottleImageUrl', fileUrl);
              form.clearFieldError('bottleImageUrl');
            }}
            error={
              typeof form.errors.bottleImageUrl === 'string' ? form.errors.bottleImageUrl : null
            }
          />
          <TextInput
            label="Producer name"
            description={`Leave empty to show ${business.name}.`}
            placeholder={business.name}
            {...form.getInputProps('producedBy')}
          />

          <Divider label="Details" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="ABV (%)"
              min={0}
              max={100}
              decimalScale={1}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('abv')}
            />
            <NumberInput
              label="Volume (ml)"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('volumeMl')}
            />
            <TextInput label="Varietal" {...form.getInputProps('varietal')} />
            <TagSelect
              category={CLOSURE_STYLE_CATEGORY}
              label="Closure style"
              {...form.getInputProps('closureStyle')}
              value={values.closureStyle}
            />
            <TagSelect
              category={FORMAT_CATEGORY}
              label="Format"
              {...form.getInputProps('format')}
              value={values.format}
            />
            <Stack gap={6}>
              <NumberInput
                label="Vintage"
                description="The harvest or production year."
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                disabled={values.nonVintage}
                {...form.getInputProps('vintage')}
              />
              <Checkbox
                label="Non-vintage"
                {...form.getInputProps('nonVintage', { type: 'checkbox' })}
                onChange={(event) => {
                  form.setFieldValue('nonVintage', event.currentTarget.checked);
                  form.clearFieldError('vintage');
                }}
              />
            </Stack>
          </SimpleGrid>

          <Divider label="Prices" labelPosition="left" />
          <TierListField
            form={form}
            list="retailTiers"
            channel="retail"
            description="What every shopper pays per unit, from each minimum number of units."
          />
          <TierListField
            form={form}
            list="wholesaleTiers"
            channel="wholesale"
            description="Private prices that only approved wholesale buyers see."
          />

          <Divider label="Availability" labelPosition="left" />
          <Radio.Group label="Status" required {...form.getInputProps('status')}>
            <Stack gap="xs" mt={6}>
              <Radio value="published" label="Published: shown in the shop and on your page" />
              <Radio value="draft" label="Draft: only people who work here see it" />
            </Stack>
          </Radio.Group>
          <NumberInput
            label="Stock count"
            description="Units on hand. Leave empty if you do not count stock."
            min={0}
            allowDecimal={false}
            allowNegative={false}
            maw={240}
            {...form.getInputProps('stockCount')}
          />
          <Checkbox
            label="Club members only"
            description="Shown to everyone, sold only to active members of your clubs."
            {...form.getInputProps('membersOnly', { type: 'checkbox' })}
          />

          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Button type="submit" loading={saving}>
                {product ? 'Save changes' : 'Add product'}
              </Button>
              <Text role="status" fz="sm" c="green.9" fw={600}>
                {saved ? (
                  <Group component="span" gap={4}>
                    <IconCheck size={16} aria-hidden />
                    Saved
                  </Group>
                ) : null}
              </Text>
            </Group>
            {product ? (
              <Button
                variant="outline"
                color="red.9"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => {
                  setDeleteError(null);
                  setDeleteOpened(true);
                }}
              >
                Delete product
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      {product ? (
        <DeleteProductDialog
          opened={deleteOpened}
          productName={product.name}
          deleting={deleteState.fetching}
          error={deleteError}
          onConfirm={confirmDelete}
          onClose={() => setDeleteOpened(false)}
        />
      ) : null}
    </Paper>
  );
}
