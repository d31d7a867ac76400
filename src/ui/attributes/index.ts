export { ATTRIBUTE_IMAGE_TYPES, AttributeSettings, ImageField, type ImageFieldProps, type AttributeReferenceRecord, type AttributeSettingsProps, type UploadedImage } from './attribute-settings';
export { attributeProblemText } from './problem-text';
