import { Form } from "react-router";
import { Button } from "~/components/button";
import { FACTORS_PATH } from "~/domain/sign-in-factors";
import { useTranslation } from "~/i18n-react";

/** Leaves the change at any step, back to Login & Security. */
export function CancelChange() {
  const { t } = useTranslation("profile");
  return (
    <Form method="post" action={FACTORS_PATH}>
      <input type="hidden" name="intent" value="cancel" />
      <Button type="submit" variant="outlined">
        {t("factors.cancel")}
      </Button>
    </Form>
  );
}
