#pragma once

#include "ui/caselibraryedit.h"

#include <QCoreApplication>
#include <QList>
#include <QUndoCommand>

#include <functional>

namespace sqlmend::ui {

// An import as one undoable step: undo deletes the cases it stored, redo puts the same records
// back under their own ids. The import itself has happened when the command is pushed, so the
// first redo does nothing. Both go through send, which queues them to the store's thread.
class CaseImportCommand : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::ui::CaseImportCommand)

public:
    using Send = std::function<void(const QList<CaseLibraryEdit> &)>;

    CaseImportCommand(QList<core::CaseRecord> imported, Send send);

    void redo() override;
    void undo() override;

    const QList<core::CaseRecord> &imported() const { return m_imported; }

private:
    QList<core::CaseRecord> m_imported;
    Send m_send;
    bool m_done = true; // pushed after the import
};

} // namespace sqlmend::ui
